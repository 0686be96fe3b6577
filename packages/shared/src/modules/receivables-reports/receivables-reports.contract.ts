/**
 * Receivables reports: the customers balance list (000 §3), the AR aging per customer and the
 * invoices behind it. An invoice is due `period_to + terms` (the customer's payment terms,
 * DEFAULT_TERMS_DAYS when none) and ages by the days past that date, in company-time days.
 */
export const DEFAULT_TERMS_DAYS = 15;

/** Aging buckets, in order: the aging list's column ids and the invoices list's `bucket` values. */
export const AGING_BUCKETS = [
  { id: 'current', label: 'Current', from: null, to: 0 },
  { id: 'd1_30', label: '1-30', from: 1, to: 30 },
  { id: 'd31_60', label: '31-60', from: 31, to: 60 },
  { id: 'd61_90', label: '61-90', from: 61, to: 90 },
  { id: 'over_90', label: 'Over 90', from: 91, to: null },
] as const;
export type AgingBucketId = (typeof AGING_BUCKETS)[number]['id'];
/** The invoices list's bucket of a settled invoice (nothing left to pay). */
export const SETTLED_BUCKET = 'settled';

/** The bucket of an open invoice by its days past due (0 or less is current). */
export function agingBucket(daysPastDue: number): AgingBucketId {
  for (const b of AGING_BUCKETS) if (b.to === null || daysPastDue <= b.to) return b.id;
  return 'over_90';
}

export type CustomerBalanceRow = {
  id: number;
  name: string;
  balance: number;
  created_at: string;
  qty_driver: number;
};

export type AgingRow = {
  customer_id: number;
  customer: string;
  terms: number;
  open_invoices: number;
  current: number;
  d1_30: number;
  d31_60: number;
  d61_90: number;
  over_90: number;
  total: number;
};

export type ReceivableInvoiceRow = {
  invoice_id: number;
  customer_id: number;
  customer: string;
  service: string | null;
  from: string;
  to: string;
  /** The day the invoice was made: its terms run from it. */
  invoice_date: string;
  due_date: string;
  days_past_due: number;
  bucket: string;
  invoice_status: string;
  total: number;
  paid: number;
  lost: number;
  need_pay: number;
};
