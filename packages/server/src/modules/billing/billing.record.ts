import { SECTION } from '@backhaul/shared';
import { z } from 'zod';
import { defineRecord } from '../../platform/record/define-record';
import { billings } from './billing.table';

/** A load made ready for invoicing, as the record engine sees it (the company's); audited as 'billing'. */
export const billingRecord = defineRecord({
  table: billings,
  section: SECTION.Billing,
  form: z.object({}),
  row: z.unknown(),
  toRow: (record) => record,
  audit: (record) => record,
});
