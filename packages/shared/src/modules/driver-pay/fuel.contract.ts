import { z } from 'zod';
import { field } from '../../forms/fields';
import { recordRoutes } from '../../http/routes';
import { defineImport, formColumns, importCell } from '../../import/import.contract';
import { dateSchema } from '../../schemas/dates';
import { parseDecimal } from '../../schemas/decimal';
import { moneySchema, optionalMoneySchema } from '../../schemas/money';

/**
 * Accounting → Fuel (001 §3 "Fuel columns", §4, §7): fuel-card purchases, imported from the card
 * provider's CSV or XLSX export or typed. Money in dollars in JSON; gallons and the price per unit
 * with up to three decimals. A row saved with status Canceled leaves the list.
 */
export const FUEL_STATUSES = ['Active', 'Canceled'] as const;
export const FUEL_CANCELED = 'Canceled';

/**
 * What a fuel row bought (issue 30): only taxable motor fuel (diesel, gasoline) counts in the IFTA
 * return's tax-paid gallons and fleet MPG; reefer fuel is reported apart; DEF and other items never.
 */
export const FUEL_PRODUCTS = ['diesel', 'gasoline', 'DEF', 'reefer', 'other'] as const;
export type FuelProduct = (typeof FUEL_PRODUCTS)[number];
export const FUEL_PRODUCT_DEFAULT: FuelProduct = 'diesel';

/**
 * The product of a card export's item code: ULSD, DSL, #2 (and DIESEL) → diesel; DEF (diesel
 * exhaust fluid) → DEF; RFR, REEFER → reefer (checked before diesel: "RFR DSL" is reefer fuel);
 * UNL, GAS → gasoline; anything else → other; an empty item is diesel, the form's default. Codes
 * as the card providers print them (Comdata, EFS/WEX), case and spaces aside.
 */
export function productOfItem(item: string | null | undefined): FuelProduct {
  const code = (item ?? '').trim().toUpperCase();
  if (code === '') return FUEL_PRODUCT_DEFAULT;
  if (/DEF|EXHAUST/.test(code)) return 'DEF';
  if (/RFR|REEFER/.test(code)) return 'reefer';
  if (/ULSD|DSL|DIESEL|^#?2$|#2/.test(code)) return 'diesel';
  if (/UNL|GAS/.test(code)) return 'gasoline';
  return 'other';
}

export const FUEL_MSG = {
  invoiceTwice: 'The transaction appears more than once in the file.',
  invoiceSaved: 'The transaction is already imported.',
  unknownUnit: 'No truck has this unit number.',
  unknownDriver: 'No driver has this name.',
  noDriver: 'Name a driver, or a unit whose truck has a driver.',
  onStatement: 'The fuel row is on a driver statement: take it off the statement first.',
  gallons: 'The gallons cannot be negative.',
} as const;

/** Gallons and the price per unit: up to 3 decimals, stored × 1000; strict like money (no "0x10", "1e3"). */
const thousandths = (label: string, required: boolean) =>
  z
    .union([z.number(), z.string(), z.null()], { error: `The ${label} is a number with at most 3 decimals.` })
    .optional()
    .transform((v, ctx): number | null => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) {
        if (!required) return null;
        ctx.addIssue({ code: 'custom', message: `Enter the ${label}.` });
        return z.NEVER;
      }
      const n = parseDecimal(v, 3);
      const problem =
        n === null || n === 'decimals'
          ? `The ${label} is a number with at most 3 decimals.`
          : n < 0
            ? `The ${label} cannot be negative.`
            : n > THOUSANDTHS_MAX
              ? `The ${label} may not be greater than 1,000,000.`
              : null;
      if (problem || typeof n !== 'number') {
        ctx.addIssue({ code: 'custom', message: problem ?? '' });
        return z.NEVER;
      }
      return Math.round(n * 1000);
    });
const THOUSANDTHS_MAX = 1_000_000;

const ODOMETER_MSG = 'The odometer is a whole number from 0 to 10,000,000.';
const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `The ${label} may not be greater than ${max} characters.`).default('');
const optionalSelect = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
  .pipe(z.number().int().positive('Choose from the list.').nullable());

/** POST /fuel (an id in the body updates) and PUT /fuel/:id. */
export const FuelFormSchema = z.object({
  id: z.number().int().positive().optional(),
  card: field(
    z.string().trim().min(1, 'Enter the card number.').max(40, 'The card may not be greater than 40 characters.'),
    { label: 'Card' },
  ),
  fuel_date: field(dateSchema(), { label: 'Fuel date', kind: 'date' }),
  invoice: field(optionalText(60, 'invoice'), { label: 'Invoice (transaction)' }),
  driver_id: field(optionalSelect, { label: 'Driver', kind: 'select', options: 'drivers' }),
  truck_id: field(optionalSelect, { label: 'Truck', kind: 'select', options: 'trucks' }),
  customer_id: field(optionalSelect, { label: 'Customer', kind: 'select', options: 'customers' }),
  location: field(optionalText(120, 'location'), { label: 'Location' }),
  city: field(optionalText(80, 'city'), { label: 'City' }),
  state: field(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'The state is two letters.')
      .default(''),
    {
      label: 'State',
    },
  ),
  odometr: field(
    z
      .union([z.number(), z.string(), z.null()], { error: ODOMETER_MSG })
      .optional()
      .transform((v, ctx): number | null => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
        const n = parseDecimal(v, 0);
        if (typeof n !== 'number' || n < 0 || n > 10_000_000) {
          ctx.addIssue({ code: 'custom', message: ODOMETER_MSG });
          return z.NEVER;
        }
        return n;
      }),
    { label: 'Odometer', kind: 'number', thousands: true },
  ),
  item: field(optionalText(40, 'item'), { label: 'Item' }),
  product: field(z.enum(FUEL_PRODUCTS, 'Choose a product.').default(FUEL_PRODUCT_DEFAULT), {
    label: 'Product',
    kind: 'select',
    options: FUEL_PRODUCTS,
  }),
  unit: field(optionalText(10, 'unit'), { label: 'Unit' }),
  gallons: field(thousandths('gallons', true), { label: 'Gallons', kind: 'number' }),
  ppu: field(thousandths('price per unit', false), { label: 'PPU', kind: 'number' }),
  cost: field(optionalMoneySchema({ label: 'cost', max: 1_000_000 }), { label: 'Cost', kind: 'money' }),
  fees: field(optionalMoneySchema({ label: 'fees', max: 100_000 }), { label: 'Fees', kind: 'money' }),
  amt: field(optionalMoneySchema({ label: 'amt', max: 1_000_000 }), { label: 'Amt', kind: 'money' }),
  disc_type: field(optionalText(20, 'disc. type'), { label: 'Disc. type' }),
  amount: field(moneySchema({ label: 'amount', max: 1_000_000 }), { label: 'Amount', kind: 'money' }),
  db: field(optionalText(20, 'DB'), { label: 'DB' }),
  currency: field(z.enum(['USD', 'CAD'], 'Choose USD or CAD.').default('USD'), {
    label: 'Currency',
    kind: 'select',
    options: ['USD', 'CAD'],
  }),
  status: field(z.enum(FUEL_STATUSES, 'Choose a status.').default('Active'), {
    label: 'Status',
    kind: 'select',
    options: FUEL_STATUSES,
  }),
  add_description: field(optionalText(2000, 'description'), { label: 'Add a description', kind: 'textarea', span: 2 }),
  add_invoice: field(optionalText(60, 'invoice number'), { label: 'Add an invoice number', span: 2 }),
});
export type FuelForm = z.input<typeof FuelFormSchema>;
export type FuelFormOutput = z.output<typeof FuelFormSchema>;

export const EMPTY_FUEL_FORM = {
  card: '',
  fuel_date: '',
  invoice: '',
  driver_id: '',
  truck_id: '',
  customer_id: '',
  location: '',
  city: '',
  state: '',
  odometr: '',
  item: 'ULSD',
  product: FUEL_PRODUCT_DEFAULT,
  unit: 'GAL',
  gallons: '',
  ppu: '',
  cost: '',
  fees: '',
  amt: '',
  disc_type: '',
  amount: '',
  db: '',
  currency: 'USD',
  status: 'Active',
  add_description: '',
  add_invoice: '',
};

/** One row of POST /fuel/list (001 §3 "Fuel columns"). */
export const FuelRowSchema = z.object({
  id: z.number().int(),
  created_date: z.string(),
  created_by: z.string().nullable(),
  card: z.string(),
  fuel_date: z.string(),
  invoice: z.string().nullable(),
  driver: z.string().nullable(),
  truck_number: z.string().nullable(),
  customer: z.string().nullable(),
  odometr: z.number().nullable(),
  location: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  fees: z.number(),
  item: z.string(),
  product: z.enum(FUEL_PRODUCTS),
  unit: z.string(),
  ppu: z.number(),
  cost: z.number(),
  gallons: z.number(),
  amt: z.number(),
  discType: z.string().nullable(),
  amount: z.number(),
  db: z.string().nullable(),
  currency: z.string(),
  status: z.string(),
});
export type FuelRow = z.infer<typeof FuelRowSchema>;

const Option = z.object({ value: z.number().int(), label: z.string() });
/** GET /fuel and GET /fuel/create (optional customer_id): what the form chooses from. */
export const FuelOptionsSchema = z.object({
  drivers: z.array(Option),
  trucks: z.array(Option),
  customers: z.array(Option),
  statuses: z.array(z.string()),
  row: z.object({ customer_id: z.number().int().nullable(), status: z.string() }),
});
export const FuelChildSchema = z.object({ id: z.number().int(), text: z.string(), created_at: z.string() });
/** GET /fuel/:id/edit: the row with its ids, its descriptions and invoices, and the options. */
export const FuelEditSchema = FuelOptionsSchema.extend({
  row: FuelRowSchema.extend({
    driver_id: z.number().int().nullable(),
    truck_id: z.number().int().nullable(),
    customer_id: z.number().int().nullable(),
  }),
  descriptions: z.array(FuelChildSchema),
  invoices: z.array(FuelChildSchema),
});
export type FuelEdit = z.infer<typeof FuelEditSchema>;
/** A saved row; `removed` when its status is Canceled and it left the list (001 §4). */
export const FuelSavedSchema = z.object({ message: z.string(), row: FuelRowSchema, removed: z.boolean() });

/** GET /fuel/create, GET /fuel/:id/edit, POST /fuel, PUT /fuel/:id, DELETE /fuel/:id. */
export const FUEL_ROUTES = recordRoutes('/fuel');

/**
 * The fuel-card export (Comdata-style and EFS/WEX-style headings both match): rows are matched to a
 * truck by unit number and to a driver by name, else the truck's driver; transactions are unique.
 * Every column the form has is checked by the form's own field (FuelFormSchema): an imported row
 * keeps the same limits, decimals, choices and date years as a typed one.
 */
export const FUEL_IMPORT = defineImport({
  ...formColumns(FuelFormSchema, {
    card: { label: 'Card', aliases: ['card number', 'card #', 'card no', 'cardnum'], required: true },
    fuel_date: {
      label: 'Fuel date',
      aliases: ['date', 'tran date', 'transaction date', 'trans date'],
      required: true,
      cell: 'date',
    },
    invoice: {
      label: 'Invoice',
      aliases: ['transaction number', 'transaction #', 'trans #', 'invoice #', 'ref'],
      unique: { inFile: FUEL_MSG.invoiceTwice, existing: FUEL_MSG.invoiceSaved },
    },
  }),
  truck_number: {
    label: 'Unit',
    aliases: ['unit number', 'unit #', 'truck', 'truck number', 'vehicle'],
    schema: importCell.text('unit', { max: 40 }),
  },
  driver: {
    label: 'Driver',
    aliases: ['driver name', 'driver last name'],
    schema: importCell.text('driver', { max: 120 }),
  },
  ...formColumns(FuelFormSchema, {
    location: { label: 'Location', aliases: ['truck stop name', 'location name', 'merchant', 'site name'] },
    city: { label: 'City', aliases: ['merchant city'] },
    state: { label: 'State', aliases: ['st', 'state/prov', 'merchant state'] },
    odometr: { label: 'Odometer', aliases: ['odometr', 'hub'], cell: 'number' },
    item: { label: 'Item', aliases: ['product', 'product code'] },
    gallons: { label: 'Gallons', aliases: ['qty', 'quantity', 'units'], required: true, cell: 'number' },
    ppu: { label: 'PPU', aliases: ['price per gallon', 'unit price', 'price'], cell: 'number' },
    fees: { label: 'Fees', aliases: ['fee', 'transaction fee'], cell: 'number' },
    amt: { label: 'Amt', aliases: ['gross amount', 'pre-discount amount'], cell: 'number' },
    disc_type: { label: 'Disc type', aliases: ['discount type', 'disctype'] },
    amount: { label: 'Amount', aliases: ['total', 'total amount', 'net amount'], required: true, cell: 'number' },
    db: { label: 'DB', aliases: ['billing'] },
    currency: { label: 'Currency', aliases: ['curr'], cell: 'choice' },
  }),
});
