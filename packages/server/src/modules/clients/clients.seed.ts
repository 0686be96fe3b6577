import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { phoneDigits, scaled } from '../../platform/seed/seed-helpers';
import { salesLeadDescriptions, salesLeads } from './clients.table';

const COMMENTS = [
  'Owner-operator with 3 trucks, runs reefer out of the Rio Grande Valley. Call back after the 15th.',
  'Interested in dispatch only; already has a factoring company.',
  'Wants safety service for 12 drivers; asked for a quote by e-mail.',
  'Runs flatbed in the Southeast. Not ready to switch before year end.',
  'Asked about our shop rates for PM service.',
];

export const clientsSeeder: Seeder = {
  name: 'potential clients and clients',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const f = ctx.faker;
    const lead = (kind: 'potential' | 'client', i: number) => ({
      companyId,
      kind,
      mc: String(f.number.int({ min: 700000, max: 1599999 })),
      truckQuantity: f.number.int({ min: 1, max: 40 }),
      carrier: `${f.person.lastName()} ${f.helpers.arrayElement(['Trucking', 'Transport', 'Freight'])} LLC`,
      contact: f.person.fullName(),
      phone: phoneDigits(ctx),
      email: f.internet.email({ provider: 'example.com' }).toLowerCase(),
      comment: COMMENTS[i % COMMENTS.length] ?? null,
      status: kind === 'client' ? 'Active' : f.helpers.arrayElement(['New', 'Contacted', 'Quoted', 'Follow up']),
    });
    const rows = [
      ...Array.from({ length: scaled(ctx, 30) }, (_, i) => lead('potential', i)),
      ...Array.from({ length: scaled(ctx, 20) }, (_, i) => lead('client', i)),
    ];
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(salesLeads).values(chunk).returning({ id: salesLeads.id }),
    );
    await inChunks(
      inserted
        .filter((_, i) => i % 4 === 0)
        .map(({ id }) => ({ leadId: id, text: 'First call made; sent the service sheet.' })),
      (chunk) => ctx.db.insert(salesLeadDescriptions).values(chunk),
    );
  },
};
