import { SECTION } from '@backhaul/shared';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { shortPayments } from './short-payments.table';

/**
 * A short payment as the record engine sees it (the company's). Its writes are commands in
 * short-payments.service: the platform locks it, runs the rule in one transaction and audits it as
 * 'short_payment' with the row before and after.
 */
export const shortPaymentRecord = defineRecord({
  table: shortPayments,
  section: SECTION.ShortPayments,
  form: z.object({}),
  row: z.unknown(),
  toRow: (record) => record,
  audit: (record) => record,
});
