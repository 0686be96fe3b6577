import { z } from 'zod';
import { dateSchema } from '../schemas/dates';
import { PAGE_SIZE_ALL, SPEC, TABLE_DEFAULT_PAGE_SIZE } from '../spec/constants';
import { MSG } from '../spec/messages';

/**
 * The list engine's wire contract (conventions §4): one request and one response shape for every
 * filtered, sorted, paged list with totals. Server and web import these; modules only add columns.
 */

export const FILTER_KINDS = ['list', 'address', 'number', 'date', 'note', 'options', 'checkbox', 'text'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export const NUMBER_OPS = ['lte', 'gte', 'between', 'eq'] as const;
export type NumberOp = (typeof NUMBER_OPS)[number];
export const NUMBER_OP_LABELS: Record<NumberOp, string> = {
  lte: 'Less or equal',
  gte: 'Greater or equal',
  between: 'Between',
  eq: 'Exact',
};

/** Address filter type (000 §5): PickUp 1, Delivery 2. */
export const ADDRESS_TYPE = { PickUp: 1, Delivery: 2 } as const;
/** Options radios (000 §5): On 1, All -1, Off 0. */
export const OPTION_VALUES = { On: 1, All: -1, Off: 0 } as const;

export const FOOTERS = ['sum', 'count', 'unique'] as const;
export type Footer = (typeof FOOTERS)[number];

export const ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof ORDERS)[number];

/** The totals tooltip shows the full figure from this absolute value (000 §9). */
export const TOTALS_TOOLTIP_MIN: number = SPEC.formats.totals_tooltip_min_abs_total;
/** Filter menu widths in px (000 §9). */
export const FILTER_MENU_WIDTHS: { options: number; date: number; others: number } = SPEC.filters.filter_menu_widths_px;

/** Rows a list answers at most in one response when "All" is chosen; Export has no cap. */
export const LIST_ROW_CAP = 50_000;
export const listCapNotice = (total: number) =>
  `Showing the first ${LIST_ROW_CAP.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows. Narrow the filters, or use Export for every row.`;

const isoDate = dateSchema();
const scalar = z.union([z.string().max(200), z.number()]);

export const ListFilterSchema = z.object({ values: z.array(scalar).max(1000, 'Choose at most 1000 values.') });

export const AddressFilterSchema = z
  .object({
    type: z.union([z.literal(ADDRESS_TYPE.PickUp), z.literal(ADDRESS_TYPE.Delivery)]),
    states: z.array(z.string().max(60)).max(100).default([]),
    cities: z.array(z.string().max(120)).max(500).default([]),
  })
  .refine((v) => v.states.length + v.cities.length > 0, 'Choose a state or a city.');

const finite = z.number({ message: 'Enter a number.' }).finite('Enter a number.');
export const NumberFilterSchema = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('lte'), value: finite }),
    z.object({ op: z.literal('gte'), value: finite }),
    z.object({ op: z.literal('eq'), value: finite }),
    z
      .object({ op: z.literal('between'), from: finite, to: finite })
      .refine((v) => v.from <= v.to, { message: MSG.numberFromGreaterThanTo, path: ['from'] }),
  ],
  { message: 'Choose less-or-equal, greater-or-equal, between or exact.' },
);

/** A date range; one end alone means that single day; `empty` keeps rows with no date. */
export const DateFilterSchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional(), empty: z.boolean().optional() })
  .refine((v) => v.empty || v.from || v.to, 'Choose a date or Empty.')
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'The start date is after the end date.',
    path: ['to'],
  });

export const NoteFilterSchema = z.object({ value: z.string().trim().min(1, 'Enter some text.').max(200) });
export const OptionsFilterSchema = z.object({
  value: z.union([z.literal(1), z.literal(-1), z.literal(0)], { message: 'Choose On, All or Off.' }),
});
export const CheckboxFilterSchema = z.object({ value: z.boolean({ message: 'Choose yes or no.' }) });

export const FILTER_SCHEMAS = {
  list: ListFilterSchema,
  address: AddressFilterSchema,
  number: NumberFilterSchema,
  date: DateFilterSchema,
  note: NoteFilterSchema,
  options: OptionsFilterSchema,
  checkbox: CheckboxFilterSchema,
  text: NoteFilterSchema,
} as const satisfies Record<FilterKind, z.ZodType>;

export type ListFilter = z.infer<typeof ListFilterSchema>;
export type AddressFilter = z.input<typeof AddressFilterSchema>;
export type NumberFilter = z.infer<typeof NumberFilterSchema>;
export type DateFilter = z.infer<typeof DateFilterSchema>;
export type NoteFilter = z.infer<typeof NoteFilterSchema>;
export type OptionsFilter = z.infer<typeof OptionsFilterSchema>;
export type CheckboxFilter = z.infer<typeof CheckboxFilterSchema>;
export type FilterValue =
  | ListFilter
  | AddressFilter
  | NumberFilter
  | DateFilter
  | NoteFilter
  | OptionsFilter
  | CheckboxFilter;

/**
 * The list request. Filters are keyed by column id; each value is checked against that column's
 * kind on the server (an unknown column or a malformed value is a 422 naming `filters.<column>`).
 */
export const ListRequestSchema = z.object({
  filters: z.record(z.string().max(64), z.unknown()).default({}),
  search: z.string().max(200).default(''),
  sort: z.string().max(64).nullable().optional(),
  order: z.enum(ORDERS, { message: 'The order is asc or desc.' }).nullable().optional(),
  limit: z.coerce
    .number()
    .int('The page size is a whole number.')
    .min(1, 'The page size is at least 1.')
    .max(PAGE_SIZE_ALL, `The page size is at most ${PAGE_SIZE_ALL}.`)
    .default(TABLE_DEFAULT_PAGE_SIZE),
  page: z.coerce.number().int().min(1, 'The page is at least 1.').max(10_000_000).default(1),
  /** Answer the options of list filters (the web asks once, then keeps them). */
  with_options: z.boolean().default(true),
  /**
   * Rows just saved on this screen (their row keys): those the filters or the search now leave out
   * come back in `kept`, marked with what hides them, so a save never makes a row vanish.
   */
  keep: z
    .array(z.union([z.number().int(), z.string().max(64)]))
    .max(50)
    .default([]),
});
export type ListRequest = z.input<typeof ListRequestSchema>;
export type ListQuery = z.output<typeof ListRequestSchema>;

export const FilterOptionSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type FilterOption = z.infer<typeof FilterOptionSchema>;

/** One column's saved settings; the array order is the display order. */
export const ColumnSettingSchema = z.object({
  id: z.string().min(1).max(64),
  visible: z.boolean(),
  width: z.number().int().min(40).max(2000).nullable().optional(),
  /** Shown even when the table is too narrow for it (lower-priority columns otherwise yield). */
  always: z.boolean().optional(),
});
export type ColumnSetting = z.infer<typeof ColumnSettingSchema>;
export const ListSettingsSchema = z.object({ columns: z.array(ColumnSettingSchema).max(200) });
export type ListSettings = z.infer<typeof ListSettingsSchema>;

/** POST /:section/settings: save `settings`, or `reset: true` to go back to the default. */
export const SaveSettingsBodySchema = z.union([
  z.object({ settings: ListSettingsSchema }),
  z.object({ reset: z.literal(true) }),
]);
export type SaveSettingsBody = z.infer<typeof SaveSettingsBodySchema>;
export const SaveSettingsResponseSchema = z.object({ message: z.string(), settings: ListSettingsSchema.nullable() });

/**
 * How a column's values are shown and exported: ids and numbers as numbers, money (dollars in JSON)
 * as currency, miles with "mi", dates as YYYY-MM-DD, date-times as YYYY-MM-DD HH:mm in the company
 * time zone, phones as +1 (xxx) xxx-xxxx. The web's cells, its minimum widths and the spreadsheet
 * export all read it.
 */
export const COLUMN_FORMATS = [
  'text',
  'id',
  'number',
  'money',
  'miles',
  'percent',
  'date',
  'datetime',
  'phone',
] as const;
export type ColumnFormat = (typeof COLUMN_FORMATS)[number];

/** Column metadata the server answers so the web renders any list from the definition. */
export const ColumnMetaSchema = z.object({
  id: z.string(),
  title: z.string(),
  filter: z.enum(FILTER_KINDS).nullable(),
  sortable: z.boolean(),
  footer: z.enum(FOOTERS).nullable(),
  dollar: z.boolean(),
  miles: z.boolean(),
  hidden: z.boolean(),
  clip: z.number().int().nullable(),
  align: z.enum(['left', 'center', 'right']),
  format: z.enum(COLUMN_FORMATS),
  /**
   * How much the column matters when the table is narrower than its columns: 1 stays longest (the
   * record's id, money, status), higher numbers yield first.
   */
  priority: z.number().int().min(1).max(9),
});
export type ColumnMeta = z.infer<typeof ColumnMetaSchema>;

/** Where a search's matches are when the filters hide them all: their count and the filters (column ids). */
export const OutsideMatchesSchema = z.object({ count: z.number().int(), filters: z.array(z.string()) });

export const listResponseSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    limit: z.number().int(),
    order: z.enum(ORDERS),
    sort: z.string(),
    page: z.number().int(),
    total: z.number().int(),
    sum: z.record(z.string(), z.number()),
    filter: z.record(z.string(), z.array(FilterOptionSchema)),
    settings: ListSettingsSchema.nullable(),
    columns: z.array(ColumnMetaSchema),
    notice: z.string().nullable(),
    /** The caller may export this list (the section's EXPORT 72, where the section offers it). */
    can_export: z.boolean(),
    /** What the search box looks in, by title (the placeholder names them). */
    search_fields: z.array(z.string()),
    /** The list's default filters the answer applied (the request set none for those columns). */
    defaults: z.record(z.string(), z.unknown()),
    /** Rows of the request's `keep` the filters or the search leave out, each with what hides it. */
    kept: z.array(z.object({ row, hidden_by: z.array(z.string()) })),
    /** A search found nothing under the filters: how many rows it matches without them, and which they are. */
    outside: OutsideMatchesSchema.nullable(),
  });
export type KeptRow<Row> = { row: Row; hidden_by: string[] };
export type OutsideMatches = z.infer<typeof OutsideMatchesSchema>;
export type ListResponse<Row> = {
  rows: Row[];
  limit: number;
  order: SortOrder;
  sort: string;
  page: number;
  total: number;
  sum: Record<string, number>;
  filter: Record<string, FilterOption[]>;
  settings: ListSettings | null;
  columns: ColumnMeta[];
  notice: string | null;
  can_export: boolean;
  search_fields: string[];
  defaults: Record<string, unknown>;
  kept: KeptRow<Row>[];
  outside: OutsideMatches | null;
};

/** POST /:requestKey/export: the caller's list request plus the columns to write, in order. */
export const ExportBodySchema = ListRequestSchema.omit({
  limit: true,
  page: true,
  with_options: true,
  keep: true,
}).extend({
  columns: z.array(z.string().max(64)).max(200).optional(),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
});
export type ExportBody = z.input<typeof ExportBodySchema>;
export const ExportResponseSchema = z.object({ link: z.string().nullable(), job_id: z.string().optional() });
