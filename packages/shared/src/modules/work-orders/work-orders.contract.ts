import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { divRound } from '../../money';
import { dateSchema, dateTimeSchema } from '../../schemas/dates';
import { moneySchema } from '../../schemas/money';
import { percentSchema } from '../../schemas/percent';
import { SPEC } from '../../spec/constants';
import { requiredText, textField } from '../customers/contact-fields';
import { optionalDate, optionalId } from '../units/units.contract';

/** The Shop's work orders (001 §3 "Work order", §4, §7): GET/POST/PUT/DELETE /work-order… */
export const WORK_ORDER_BASE = '/work-order';
export const WORK_ORDER_ROUTES = recordRoutes(WORK_ORDER_BASE);

/**
 * Status ids 1-11 (the spec names ids 9 and 11 and a colour per id, not the words): 9 is a closed
 * order and 11 a canceled one, the two the default filter leaves out (001 §3).
 */
export const WORK_ORDER_STATUS = {
  1: 'New',
  2: 'Scheduled',
  3: 'Checked in',
  4: 'Diagnosing',
  5: 'Waiting for approval',
  6: 'Waiting for parts',
  7: 'In progress',
  8: 'Ready',
  9: 'Closed',
  10: 'On hold',
  11: 'Canceled',
} as const satisfies Record<number, string>;
export type WorkOrderStatus = keyof typeof WORK_ORDER_STATUS;
export const WO_CHECKED_IN = 3;
/** An estimate the customer has not approved yet: never billed. */
export const WO_WAITING_APPROVAL = 5;
export const WO_IN_PROGRESS = 7;
/** Closed: the work is completed; an outside customer's order is billed. */
export const WO_CLOSED = 9;
export const WO_CANCELED = 11;
/** The list's default status filter: every status but 9 and 11 (001 §3). */
export const WO_HIDDEN_BY_DEFAULT: readonly number[] = SPEC.statuses.work_order_default_filter_excludes_status_ids;
export const WO_DEFAULT_STATUSES = Object.keys(WORK_ORDER_STATUS)
  .map(Number)
  .filter((s) => !WO_HIDDEN_BY_DEFAULT.includes(s));
export const statusOptions = () =>
  Object.entries(WORK_ORDER_STATUS).map(([value, label]) => ({ value: String(value), label }));

export const WO_TYPES = ['Repair', 'Preventive maintenance', 'Inspection', 'Tires', 'Towing', 'Body work'] as const;
export const UNIT_TYPES = ['truck', 'trailer', 'customer'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const UNIT_TYPE_LABELS: Record<UnitType, string> = {
  truck: 'Truck',
  trailer: 'Trailer',
  customer: 'Customer unit',
};
/** dispatch_request, shown as Priority (001 §3). */
export const PRIORITIES = { 1: 'Low', 2: 'Normal', 3: 'High', 4: 'Urgent' } as const;
/** The service icons (001 §9: alignment, inspection, pm, towing). */
export const SERVICE_TYPES = ['alignment', 'inspection', 'pm', 'towing'] as const;

/** A decimal with at most two places (hours, quantities) → hundredths, the integer the database keeps. */
export const hundredthsSchema = (label: string, max: number) =>
  z.union([z.number(), z.string()], { error: `Enter the ${label}.` }).transform((v, ctx) => {
    const text = String(v).trim();
    if (!/^\d{1,7}(\.\d{0,2})?$|^\.\d{1,2}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `The ${label} is a number with at most 2 decimals.` });
      return z.NEVER;
    }
    const hundredths = Math.round(Number(text) * 100);
    if (hundredths <= 0 || hundredths > max * 100) {
      ctx.addIssue({ code: 'custom', message: `The ${label} is more than 0 and at most ${max}.` });
      return z.NEVER;
    }
    return hundredths;
  });

const lineId = z.number().int().positive().optional();
const idList = z.array(z.number().int().positive()).max(500).default([]);
const checkbox = (label: string) => field(z.boolean().default(false), { label, kind: 'checkbox' });

export const LabourLineSchema = z.object({
  id: lineId,
  technician_id: optionalId,
  description: textField(240, 'description').default(''),
  hours: hundredthsSchema('hours', 999),
  rate: moneySchema({ label: 'rate', max: 10_000 }),
});
export const PartLineSchema = z.object({
  id: lineId,
  part_number: requiredText(60, 'part number'),
  description: textField(240, 'description').default(''),
  quantity: hundredthsSchema('quantity', 100_000),
  unit_price: moneySchema({ label: 'unit price', max: 1_000_000 }),
});
/** The three Cs of a repair line: complaint, cause, correction. */
export const DescriptionLineSchema = z.object({
  id: lineId,
  complaint: requiredText(2000, 'complaint'),
  cause: textField(2000, 'cause').default(''),
  correction: textField(2000, 'correction').default(''),
});

/** A vendor's invoice attached to the order (parts bought outside, a tow). */
export const InvoiceLineSchema = z.object({
  id: lineId,
  number: requiredText(60, 'invoice number'),
  amount: moneySchema({ label: 'amount', max: 1_000_000 }),
  issued_on: optionalDate,
});

const checkTime = dateTimeSchema({ allowEmpty: true });

const CHECK_IN_ODOMETER_MSG = 'The odometer is a whole number from 0 to 10,000,000.';
/** A truck's odometer when it was checked in (empty: not read); it becomes an odometer reading. */
const checkInOdometer = z
  .union([z.number(), z.string(), z.null()], { error: CHECK_IN_ODOMETER_MSG })
  .optional()
  .transform((v, ctx): number | null => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim().replace(/,/g, ''));
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) {
      ctx.addIssue({ code: 'custom', message: CHECK_IN_ODOMETER_MSG });
      return z.NEVER;
    }
    return n;
  });

/** POST /work-order (an id in the body updates) and PUT /work-order/:id. */
export const WorkOrderFormSchema = z
  .object({
    id: z.number().int().positive().optional(),
    wo_type: field(z.enum(WO_TYPES, { message: 'Choose a type.' }), {
      label: 'Type',
      kind: 'select',
      options: WO_TYPES,
    }),
    unit_type: field(z.enum(UNIT_TYPES, { message: 'Choose a unit type.' }), {
      label: 'Unit type',
      kind: 'select',
      options: UNIT_TYPES.map((u) => ({ value: u, label: UNIT_TYPE_LABELS[u] })),
    }),
    truck_id: field(optionalId, { label: 'Truck', kind: 'select', options: 'trucks' }),
    trailer_id: field(optionalId, { label: 'Trailer', kind: 'select', options: 'trailers' }),
    customer_id: field(optionalId, { label: 'Customer', kind: 'select', options: 'customers' }),
    customer_unit: field(textField(40, 'unit number'), { label: "Customer's unit #" }),
    dispatch_request: field(z.coerce.number().int().min(1).max(4), {
      label: 'Priority',
      kind: 'select',
      options: Object.entries(PRIORITIES).map(([value, label]) => ({ value, label })),
    }),
    status: field(z.coerce.number().int().min(1, 'Choose a status.').max(11, 'Choose a status.'), {
      label: 'Status',
      kind: 'select',
      options: statusOptions(),
    }),
    technician_id: field(optionalId, { label: 'Shop manager', kind: 'select', options: 'technicians' }),
    arrived: checkbox('Arrived'),
    arrival_date: field(optionalDate, { label: 'Arrival date', kind: 'date' }),
    alignment: checkbox('Alignment'),
    inspection: checkbox('Inspection'),
    pm: checkbox('PM'),
    towing: checkbox('Towing'),
    check_in: checkTime.default(''),
    check_out: checkTime.default(''),
    check_in_odometer: field(checkInOdometer, {
      label: 'Odometer at check-in (mi)',
      kind: 'number',
      thousands: true,
    }),
    tax_percent: field(percentSchema({ label: 'tax', max: 25, decimals: 3 }), {
      label: 'Tax on parts',
      kind: 'number',
      suffix: '%',
    }),
    labour: z.array(LabourLineSchema).max(100).default([]),
    parts: z.array(PartLineSchema).max(300).default([]),
    descriptions: z.array(DescriptionLineSchema).max(50).default([]),
    invoices: z.array(InvoiceLineSchema).max(50).default([]),
    remove_labour: idList,
    remove_parts: idList,
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.unit_type === 'truck' && !v.truck_id) need('truck_id', 'Choose a truck.');
    if (v.unit_type === 'trailer' && !v.trailer_id) need('trailer_id', 'Choose a trailer.');
    if (v.unit_type === 'customer' && !v.customer_id) need('customer_id', 'Choose a customer.');
    if (v.unit_type === 'customer' && !v.customer_unit) need('customer_unit', "Enter the customer's unit number.");
    if (v.check_out && !v.check_in) need('check_in', 'Check the unit in before checking it out.');
    if (v.check_in && v.check_out && v.check_out < v.check_in) need('check_out', 'Check-out is before check-in.');
    if (v.check_in_odometer !== null && !v.check_in)
      need('check_in_odometer', 'Enter the check-in time the odometer was read at.');
  });
export type WorkOrderForm = z.input<typeof WorkOrderFormSchema>;
export type WorkOrderFormOutput = z.output<typeof WorkOrderFormSchema>;

export const EMPTY_WORK_ORDER: WorkOrderForm = {
  wo_type: 'Repair',
  unit_type: 'truck',
  truck_id: null,
  trailer_id: null,
  customer_id: null,
  customer_unit: '',
  dispatch_request: 2,
  status: 1,
  technician_id: null,
  arrived: false,
  arrival_date: null,
  alignment: false,
  inspection: false,
  pm: false,
  towing: false,
  check_in: '',
  check_out: '',
  check_in_odometer: '',
  tax_percent: 0,
  labour: [],
  parts: [],
  descriptions: [],
  invoices: [],
  remove_labour: [],
  remove_parts: [],
};

/** One row of POST /work-order/list (001 §3's columns). */
export const WorkOrderRowSchema = z.object({
  id: z.number().int(),
  create_at: z.string(),
  wo_type: z.string(),
  unit_type: z.string(),
  unit: z.string().nullable(),
  customer: z.string().nullable(),
  arrived: z.boolean(),
  arrival_date: z.string().nullable(),
  alignment: z.boolean(),
  inspection: z.boolean(),
  pm: z.boolean(),
  towing: z.boolean(),
  dispatch_request: z.number().int(),
  status: z.number().int(),
  check_in: z.string().nullable(),
  check_out: z.string().nullable(),
  technician: z.string().nullable(),
  total: z.number(),
});
export type WorkOrderRow = z.infer<typeof WorkOrderRowSchema>;

const money = z.number();
export const WorkOrderDetailSchema = WorkOrderRowSchema.extend({
  truck_id: z.number().int().nullable(),
  trailer_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  customer_unit: z.string().nullable(),
  technician_id: z.number().int().nullable(),
  check_in_odometer: z.number().int().nullable(),
  tax_percent: z.number(),
  labour_total: money,
  parts_total: money,
  tax: money,
  labour: z.array(
    z.object({
      id: z.number().int(),
      technician_id: z.number().int().nullable(),
      description: z.string(),
      hours: z.number(),
      rate: money,
      amount: money,
    }),
  ),
  parts: z.array(
    z.object({
      id: z.number().int(),
      part_number: z.string(),
      description: z.string(),
      quantity: z.number(),
      unit_price: money,
      amount: money,
    }),
  ),
  descriptions: z.array(
    z.object({ id: z.number().int(), complaint: z.string(), cause: z.string(), correction: z.string() }),
  ),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      amount: money,
      issued_on: z.string().nullable(),
      /** What the customer is billed for it: the amount plus the sublet markup. */
      billed: money,
    }),
  ),
  /** Vendors' invoices as billed (with the markup), part of the total. */
  sublet_total: money,
  /** The sublet markup (Accounting settings, shop group) the totals were computed with. */
  sublet_markup_percent: z.number(),
  /** Whether the tax covers labour as well as parts (Accounting settings, shop group). */
  labour_taxed: z.boolean(),
  /** When the customer's estimate was approved and billed before completion ("approve and bill"). */
  approved_at: z.string().nullable(),
  /** The outside customer's invoice that bills the order (null until it is billable). */
  customer_invoice_id: z.number().int().nullable(),
  /** Days the unit is out of service for this order (check-in to check-out, or to today). */
  downtime_days: z.number().int(),
  /** For a truck: the days × its trailing 90-day average gross per working day (Downtime, section 70). */
  downtime_cost: money.nullable(),
});
export type WorkOrderDetail = z.infer<typeof WorkOrderDetailSchema>;

const Option = z.object({ id: z.number().int(), name: z.string() });
/** GET /work-order and GET /work-order/create (optional customer_id): what the dialog chooses from. */
export const WorkOrderOptionsSchema = z.object({
  trucks: z.array(Option),
  trailers: z.array(Option),
  customers: z.array(Option),
  technicians: z.array(Option),
  statuses: z.array(z.object({ value: z.string(), label: z.string() })),
  /** The shop's billing rules the totals follow (Accounting settings), for the dialog's preview. */
  shop: z.object({ sublet_markup_percent: z.number(), labor_taxable: z.boolean() }).optional(),
  row: z.object({ customer_id: z.number().int().nullable(), unit_type: z.enum(UNIT_TYPES) }).optional(),
});
export type WorkOrderOptions = z.infer<typeof WorkOrderOptionsSchema>;

export const WorkOrderEditSchema = WorkOrderOptionsSchema.extend({ row: WorkOrderDetailSchema });
export type WorkOrderEdit = z.infer<typeof WorkOrderEditSchema>;

/** A saved order: it goes to the top or replaces its row; `removed` when it was canceled (001 §4). */
export const WorkOrderSavedSchema = z.object({ message: z.string(), row: WorkOrderDetailSchema, removed: z.boolean() });
export type WorkOrderSaved = z.infer<typeof WorkOrderSavedSchema>;

/** GET /work-order/description/:id: an order's descriptions. */
export const WorkOrderDescriptionsSchema = z.object({ descriptions: WorkOrderDetailSchema.shape.descriptions });

/** GET /work-order/start and POST /work-order/date: the dispatch arrival list of one day (001 §3). */
export const ArrivalsBodySchema = z.object({ date: optionalDate.optional() });
export const ArrivalRowSchema = z.object({
  id: z.number().int(),
  unit_type: z.string(),
  unit: z.string().nullable(),
  arrived: z.boolean(),
  priority: z.string(),
});
export const ArrivalsSchema = z.object({ date: z.string(), list: z.array(ArrivalRowSchema), count: z.number().int() });

/** POST /work-order/:id/send: the invoice PDF of an outside customer's order, mailed. */
export const SendWorkOrderBodySchema = z.object({ email: z.email('Enter a valid e-mail address.').or(z.literal('')) });

/** hundredths × cents / 100, rounded half away from zero: one line's amount in cents (the server's rule). */
export const lineAmount = (hundredths: number, cents: number) => Math.round((hundredths * cents) / 100);

const hundredthsOf = (v: unknown) => Math.round(Number(v || 0) * 100);

/** The dialog's preview of what the server will compute, in cents, from the lines as typed. */
export function previewTotals(
  form: {
    labour?: ReadonlyArray<{ hours?: unknown; rate?: unknown }>;
    parts?: ReadonlyArray<{ quantity?: unknown; unit_price?: unknown }>;
    invoices?: ReadonlyArray<{ amount?: unknown }>;
    tax_percent?: unknown;
  },
  shop: { sublet_markup_percent: number; labor_taxable: boolean } = { sublet_markup_percent: 0, labor_taxable: false },
) {
  const labour = (form.labour ?? []).reduce((s, l) => s + lineAmount(hundredthsOf(l.hours), hundredthsOf(l.rate)), 0);
  const parts = (form.parts ?? []).reduce(
    (s, p) => s + lineAmount(hundredthsOf(p.quantity), hundredthsOf(p.unit_price)),
    0,
  );
  const markup = Math.round(Number(shop.sublet_markup_percent || 0) * 1000);
  const sublet = (form.invoices ?? []).reduce((s, i) => s + subletBilled(hundredthsOf(i.amount), markup), 0);
  // The tax rate to the thousandth of a percent (8.875 %): base × milli / 100,000, one rounding.
  const tax = Math.round(
    ((parts + (shop.labor_taxable ? labour : 0)) * Math.round(Number(form.tax_percent || 0) * 1000)) / 100000,
  );
  return { labour, parts, tax, sublet, total: labour + parts + tax + sublet };
}

/**
 * A vendor's invoice as billed: amount × (1 + markup in thousandths of a percent), rounded to the cent
 * per invoice, half away from zero from integers (the server's rule).
 */
export const subletBilled = (amountCents: number, markupMilli: number) =>
  divRound(amountCents * (100_000 + markupMilli), 100_000);

// ---------- work-order statistics (GET /work-order/statistics, POST …/list, POST …/show/:date) ----------

export const WO_STAT_GROUPS = ['day', 'month'] as const;
/** The longest window per grouping: a quarter by day, three years by month. */
export const WO_STAT_MAX = { day: 93, month: 1096 } as const;

/** The window: by day (default: this month to today) or by month (default: the last 12 months). */
export const WoStatisticsBodySchema = z
  .object({
    group: z.enum(WO_STAT_GROUPS, { message: 'Group by day or month.' }).default('day'),
    from: dateSchema().optional(),
    to: dateSchema().optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The start date is after the end date.', path: ['to'] })
  .refine(
    (v) =>
      !v.from ||
      !v.to ||
      (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 < WO_STAT_MAX[v.group],
    { message: 'Choose at most 93 days by day, or 3 years by month.', path: ['from'] },
  );
export type WoStatisticsBody = z.input<typeof WoStatisticsBodySchema>;

const figures = {
  count: z.number().int(),
  closed: z.number().int(),
  canceled: z.number().int(),
  hours: z.number(),
  labour: z.number(),
  parts: z.number(),
  total: z.number(),
};
export const WoStatisticsSchema = z.object({
  group: z.enum(WO_STAT_GROUPS),
  from: z.string(),
  to: z.string(),
  /** One row per day or month of the window, empty ones included. */
  rows: z.array(z.object({ period: z.string(), ...figures })),
  totals: z.object(figures),
  by_type: z.array(z.object({ name: z.string(), count: z.number().int(), total: z.number() })),
  by_status: z.array(
    z.object({ status: z.number().int(), name: z.string(), count: z.number().int(), total: z.number() }),
  ),
  by_technician: z.array(z.object({ name: z.string(), count: z.number().int(), hours: z.number(), total: z.number() })),
});
export type WoStatistics = z.infer<typeof WoStatisticsSchema>;

/** show/:date: one day, or with ?group=month the month of that day. */
export const WoStatisticsShowParamsSchema = z.object({ date: dateSchema() });
export const WoStatisticsShowQuerySchema = z.object({ group: z.enum(WO_STAT_GROUPS).default('day') });
export const WoStatisticsShowSchema = z.object({
  date: z.string(),
  rows: z.array(
    WorkOrderRowSchema.pick({
      id: true,
      wo_type: true,
      unit_type: true,
      unit: true,
      status: true,
      technician: true,
      total: true,
    }),
  ),
  totals: z.object(figures),
});
