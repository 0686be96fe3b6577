import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { hubPlaces, phoneDigits, scaled } from '../../platform/seed/seed-helpers';
import { customerExceptions, customers } from './customers.table';

const SUFFIX = ['Trucking', 'Transport', 'Freight', 'Logistics', 'Carriers', 'Express', 'Hauling'];
const FIND_US = ['Referral', 'Google', 'Load board', 'Facebook', 'Trade show', 'Cold call'];
const SERVICE_SETS = [
  ['dispatch'],
  ['dispatch', 'safety'],
  ['dispatch', 'accounting'],
  ['dispatch', 'safety', 'shop'],
  ['safety'],
];

/** The carriers we dispatch for; the first one owns the demo customer login. */
export const customersSeeder: Seeder = {
  name: 'customers',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const factoringIds = ref<number[]>(ctx, 'factoringIds');
    const places = hubPlaces();
    const rows = Array.from({ length: scaled(ctx, 40, 3) }, (_, i) => {
      const name =
        i === 0
          ? 'Lone Star Logistics LLC'
          : `${ctx.faker.person.lastName()} ${ctx.faker.helpers.arrayElement(SUFFIX)} ${ctx.faker.helpers.arrayElement(['LLC', 'Inc', 'Co'])}`;
      const place = places[i % places.length];
      return {
        companyId,
        name,
        email: `dispatch@${name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
        phone: phoneDigits(ctx),
        mcNumber: String(ctx.faker.number.int({ min: 600000, max: 1499999 })),
        dotNumber: String(ctx.faker.number.int({ min: 2000000, max: 3999999 })),
        address: ctx.faker.location.streetAddress(),
        city: place?.city ?? null,
        state: place?.state ?? null,
        zip: place?.zip ?? null,
        // A few frozen (red) and Daptor (orange) customers, as a real book of business has.
        frozen: i > 0 && i % 13 === 0 ? 1 : i > 0 && i % 17 === 0 ? 2 : 0,
        services: ctx.faker.helpers.arrayElement(SERVICE_SETS),
        findUs: ctx.faker.helpers.arrayElement(FIND_US),
        // Open receivables, deterministic so the shared faker's sequence is unchanged for later seeders.
        balanceCents: i % 4 === 3 ? 0 : ((i * 104729) % 1850000) + 25000,
        factoringCompanyId: i % 3 === 0 ? null : (factoringIds[i % factoringIds.length] ?? null),
      };
    });
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(customers).values(chunk).returning({ id: customers.id }),
    );
    const ids = inserted.map((r) => r.id);
    ctx.refs.set('customerIds', ids);
    ctx.refs.set('demoCustomerId', ids[0]);
    await ctx.db.insert(customerExceptions).values(
      ids.slice(0, 5).map((customerId, i) => ({
        customerId,
        text: [
          'Invoice weekly on Mondays; net 15.',
          'No dispatch to NYC boroughs.',
          'Hazmat loads need owner approval.',
          'Detention billed after 2 hours.',
          'Send PPW to accounting mailbox only.',
        ][i] as string,
      })),
    );
  },
};

/** Runs after users: gives every customer a sales manager among the office users. */
export const customerSaleManagersSeeder: Seeder = {
  name: 'customer sale managers',
  async run(ctx) {
    const managers = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, ['accountant@backhaul.demo', 'admin@backhaul.demo']));
    const ids = ref<number[]>(ctx, 'customerIds');
    for (const [i, id] of ids.entries()) {
      const manager = managers[i % managers.length];
      if (manager) await ctx.db.update(customers).set({ saleManagerId: manager.id }).where(eq(customers.id, id));
    }
  },
};

/** Runs after the invoices, before the payments: every fifth customer negotiated net 30 (the others pay on the default terms). */
export const customerTermsSeeder: Seeder = {
  name: 'customer payment terms',
  async run(ctx) {
    await ctx.db
      .update(customers)
      .set({ paymentTermsDays: 30 })
      .where(and(sql`${customers.id} % 5 = 0`, isNull(customers.paymentTermsDays)));
  },
};
