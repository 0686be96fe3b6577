import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { accountingServices, customerServiceRates } from './accounting-services.table';

/** Dispatch 5 % of gross, safety $35 per active driver a week, accounting $250 a month. */
export const DEMO_SERVICES = [
  { name: 'Dispatch', billingMethod: 'percent_of_gross', defaultRate: 5000 },
  { name: 'Safety', billingMethod: 'per_driver_week', defaultRate: 3500 },
  { name: 'Accounting', billingMethod: 'flat_month', defaultRate: 25000 },
] as const;

export const accountingServicesSeeder: Seeder = {
  name: 'accounting services and customer rates',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const customerIds = ref<number[]>(ctx, 'customerIds');
    const services = await ctx.db
      .insert(accountingServices)
      .values(DEMO_SERVICES.map((s) => ({ companyId, ...s })))
      .returning({ id: accountingServices.id, name: accountingServices.name });
    ctx.refs.set('serviceIds', new Map(services.map((s) => [s.name, s.id])));
    const dispatch = services.find((s) => s.name === 'Dispatch');
    // Some customers negotiated their dispatch percent.
    const rates = customerIds
      .filter((_, i) => i % 4 === 1)
      .map((customerId, i) => ({ customerId, serviceId: dispatch?.id ?? 0, rate: [4000, 4500, 6000][i % 3] ?? 5000 }));
    await inChunks(rates, (chunk) => ctx.db.insert(customerServiceRates).values(chunk));
  },
};
