import { z } from 'zod';
import { field } from '../../forms/fields';
import type { RecordRoutes } from '../../http/routes';
import { dateSchema } from '../../schemas/dates';

/**
 * A driver's qualification file (beyond the spec, issue 18): six items. CDL and medical card are
 * the driver's own dates (drivers table, edited on the driver's form); the other four are stored
 * records, the latest of each kind counting. `validMonths`: when `expires_on` is left empty, the
 * item is next due this many months after it was performed (null: it does not expire).
 */
export const QUALIFICATION_KINDS = {
  cdl: { label: 'CDL', stored: false, validMonths: null },
  medical_card: { label: 'Medical card', stored: false, validMonths: null },
  mvr_review: { label: 'Annual MVR review', stored: true, validMonths: 12 },
  drug_pre_employment: { label: 'Drug and alcohol test (pre-employment)', stored: true, validMonths: null },
  drug_random: { label: 'Drug and alcohol test (random)', stored: true, validMonths: 12 },
  road_test: { label: 'Road test', stored: true, validMonths: null },
} as const;
export type QualificationKind = keyof typeof QUALIFICATION_KINDS;
export const QUALIFICATION_KIND_KEYS = Object.keys(QUALIFICATION_KINDS) as QualificationKind[];

/** The kinds a user records (CDL and medical card live on the driver). */
export const STORED_QUALIFICATION_KINDS = ['mvr_review', 'drug_pre_employment', 'drug_random', 'road_test'] as const;
export type StoredQualificationKind = (typeof STORED_QUALIFICATION_KINDS)[number];

/** The files service's entity of an item's files (entity id = the item's id). */
export const QUALIFICATION_FILE_ENTITY = 'driver-qualification';

export const QUALIFICATION_MSG = {
  expiresBeforePerformed: 'The expiry date must be on or after the date performed.',
  kind: 'Choose a kind of item.',
} as const;

export const QualificationItemFormSchema = z.object({
  kind: field(z.enum(STORED_QUALIFICATION_KINDS, { error: QUALIFICATION_MSG.kind }), {
    label: 'Item',
    kind: 'select',
    options: STORED_QUALIFICATION_KINDS.map((value) => ({ value, label: QUALIFICATION_KINDS[value].label })),
  }),
  performed_on: field(dateSchema(), { label: 'Performed / issued', kind: 'date' }),
  /** Empty: the kind's own validity (12 months for MVR review and random test), or none. */
  expires_on: field(dateSchema({ allowEmpty: true }).default(''), { label: 'Expires / next due', kind: 'date' }),
  note: field(z.string().trim().max(2000, 'The note may not be greater than 2000 characters.').default(''), {
    label: 'Note',
    kind: 'textarea',
    span: 2,
  }),
});
export type QualificationItemForm = z.input<typeof QualificationItemFormSchema>;
export type QualificationItemFormOutput = z.output<typeof QualificationItemFormSchema>;
export const EMPTY_QUALIFICATION_ITEM: QualificationItemForm = {
  kind: 'mvr_review',
  performed_on: '',
  expires_on: '',
  note: '',
};

/** A stored item as the record engine answers it. */
export const QualificationRecordSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  kind: z.string(),
  performed_on: z.string(),
  expires_on: z.string().nullable(),
  note: z.string(),
});
export type QualificationRecord = z.infer<typeof QualificationRecordSchema>;

/** missing: no record; expired: past its date; due: within 30 days; valid. */
export const QUALIFICATION_STATES = ['missing', 'expired', 'due', 'valid'] as const;
export type QualificationState = (typeof QUALIFICATION_STATES)[number];

export const QualificationFileSchema = z.object({ id: z.number().int(), name: z.string() });

/** One of the six items: the latest record of its kind (or the driver's CDL / medical card dates). */
export const QualificationItemSchema = z.object({
  kind: z.enum(QUALIFICATION_KIND_KEYS as [QualificationKind, ...QualificationKind[]]),
  label: z.string(),
  /** 'driver': read from the driver (edit it on the driver's form); 'file': a stored record. */
  source: z.enum(['driver', 'file']),
  /** The stored record's id (null for the driver's own dates or a missing item). */
  id: z.number().int().nullable(),
  performed_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  /** Days from today to `expires_on` (negative when overdue), null without one. */
  days_left: z.number().int().nullable(),
  state: z.enum(QUALIFICATION_STATES),
  note: z.string(),
  files: z.array(QualificationFileSchema),
});
export type QualificationItem = z.infer<typeof QualificationItemSchema>;

export const QualificationCompletenessSchema = z.object({
  total: z.number().int(),
  present: z.number().int(),
  expired: z.number().int(),
  due: z.number().int(),
  /** Every item present and none expired. */
  complete: z.boolean(),
  /** "5 of 6 items, 1 expired". */
  label: z.string(),
});
export type QualificationCompleteness = z.infer<typeof QualificationCompletenessSchema>;

/** GET /drivers/:id/qualification. */
export const QualificationFileResponseSchema = z.object({
  driver: z.object({ id: z.number().int(), name: z.string() }),
  today: z.string(),
  items: z.array(QualificationItemSchema),
  /** Every stored record, newest first (earlier tests and reviews). */
  history: z.array(QualificationRecordSchema),
  completeness: QualificationCompletenessSchema,
});
export type QualificationFileResponse = z.infer<typeof QualificationFileResponseSchema>;

export const QualificationSavedSchema = z.object({ message: z.string(), item: QualificationRecordSchema });

/** The record engine's calls of an item; GET /drivers/:id/qualification is the module's. */
export const QUALIFICATION_ROUTES = {
  get: 'GET /drivers/qualification/:id',
  create: 'POST /drivers/:parentId/qualification',
  update: 'PUT /drivers/qualification/:id',
  remove: 'DELETE /drivers/qualification/:id',
} as const satisfies RecordRoutes;

/** "5 of 6 items, 1 expired, 1 due soon". */
export function completenessLabel(c: { total: number; present: number; expired: number; due: number }): string {
  const parts = [`${c.present} of ${c.total} items`];
  if (c.expired) parts.push(`${c.expired} expired`);
  if (c.due) parts.push(`${c.due} due soon`);
  return parts.join(', ');
}

// ——— Expiring soon (GET /safety/expiring) ———

export const ExpiringItemSchema = z.object({
  kind: z.string(),
  unit: z.string(),
  detail: z.string().nullable(),
  due_on: z.string(),
  days: z.number().int(),
  entity: z.enum(['driver', 'truck', 'trailer']),
  entity_id: z.number().int(),
});
export type ExpiringItem = z.infer<typeof ExpiringItemSchema>;
/** The live topic the Expiring badge listens on: a qualification item was saved or deleted. */
export const EXPIRING_LIVE_TOPIC = 'expiring';
export const ExpiringResponseSchema = z.object({
  today: z.string(),
  count: z.number().int(),
  overdue: z.number().int(),
  items: z.array(ExpiringItemSchema),
});
export type ExpiringResponse = z.infer<typeof ExpiringResponseSchema>;

// ——— Safety score trend (GET /safety/score/:driver_id) ———

export const ScoreParamsSchema = z.object({ driver_id: z.coerce.number().int().positive() });
export const ScoreTrendSchema = z.object({
  driver: z.object({ id: z.number().int(), name: z.string() }),
  /** The last 12 months, oldest first, this month last. */
  months: z.array(z.object({ month: z.string(), score: z.number().int() })),
});
export type ScoreTrend = z.infer<typeof ScoreTrendSchema>;

// ——— POST /general (Safety): the overview counts ———

export const SafetyGeneralSchema = z.object({
  today: z.string(),
  /** Exceptions still open. */
  open_exceptions: z.number().int(),
  /** Driver actions shown (status ≠ 0) dated this month. */
  actions_this_month: z.number().int(),
  /** Items due within 30 days or overdue (what GET /safety/expiring lists). */
  expiring: z.number().int(),
  overdue: z.number().int(),
});
export type SafetyGeneral = z.infer<typeof SafetyGeneralSchema>;
