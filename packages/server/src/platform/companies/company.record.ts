import { SECTION } from '@backhaul/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineRecord } from '../record/define-record';
import { companies } from './companies.table';

/**
 * The caller's own company, as the write engine locks it: what is saved once per company (the
 * system and accounting settings) is saved under this row's lock (`ctx.lock(companyRecord, companyId)`).
 */
export const companyRecord = defineRecord({
  table: companies,
  section: SECTION.Settings,
  scope: { company: false, row: (user) => eq(companies.id, user.companyId) },
  form: z.object({ name: z.string().trim().min(1) }),
  row: z.object({ id: z.number().int(), name: z.string() }),
});
