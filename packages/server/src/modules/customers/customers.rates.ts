import type { CustomerServiceRatesBodySchema } from '@backhaul/shared/modules/customers/customers.contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/auth/access';
import { defineCommand, runCommand } from '../../platform/record/command';
import { findRecord } from '../../platform/record/record.service';
import {
  customerServiceRates as customerServiceRatesTable,
  readCustomerServiceRates,
  replaceCustomerServiceRates,
} from '../accounting-services';
import { customerRecord } from './customers.service';

type RatesInput = { id: number; body: z.output<typeof CustomerServiceRatesBodySchema> };

/** GET /customers/:id/service-rates: every service of the company with the customer's own rate (null: default). */
export async function customerServiceRates(db: DbOrTx, user: AuthUser, id: number) {
  await findRecord(db, customerRecord, user, id);
  return { rates: await readCustomerServiceRates(db, user.companyId, id) };
}

/** The customer's own service rates replaced under its lock; audited as the customer's rates before and after. */
const saveRates = defineCommand({
  action: 'update',
  auditUnchanged: true,
  target: { record: customerRecord, id: (input: RatesInput) => input.id },
  run: async ({ tx, user, row, input, audit }) => {
    const before = await readCustomerServiceRates(tx, user.companyId, row.id);
    await replaceCustomerServiceRates(tx, { companyId: user.companyId, customerId: row.id, rates: input.body.rates });
    const after = await readCustomerServiceRates(tx, user.companyId, row.id);
    await audit({ entity: customerServiceRatesTable, entityId: row.id, action: 'update', before, after });
    return after;
  },
});

/** PUT /customers/:id/service-rates: the customer's rates; a service left out keeps its rate. */
export async function saveCustomerServiceRates(db: DbOrTx, user: AuthUser, id: number, body: RatesInput['body']) {
  return { rates: await runCommand(db, saveRates, user, { id, body }) };
}
