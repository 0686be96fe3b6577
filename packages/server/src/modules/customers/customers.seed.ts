import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { customers } from './customers.table';

/** A first set of customers (carriers we dispatch for); the registry's seeder fills in the rest. */
export const customersSeeder: Seeder = {
  name: 'customers',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const count = Math.max(3, Math.round(40 * ctx.scale));
    const rows = Array.from({ length: count }, (_, i) => {
      const name =
        i === 0
          ? 'Lone Star Logistics LLC'
          : `${ctx.faker.company.name()} ${ctx.faker.helpers.arrayElement(['Trucking', 'Transport', 'Freight', 'Logistics', 'Carriers'])}`;
      return {
        companyId,
        name,
        email: ctx.faker.internet
          .email({ firstName: name.split(' ')[0] ?? 'ops', provider: 'example.com' })
          .toLowerCase(),
        phone: ctx.faker.string.numeric({ length: 10, allowLeadingZeros: false }).replace(/^[01]/, '5'),
      };
    });
    const inserted = await ctx.db.insert(customers).values(rows).returning({ id: customers.id });
    ctx.refs.set(
      'customerIds',
      inserted.map((r) => r.id),
    );
    ctx.refs.set('demoCustomerId', inserted[0]?.id);
  },
};
