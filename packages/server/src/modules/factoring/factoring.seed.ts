import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { hubPlaces, phoneDigits, scaled } from '../../platform/seed/seed-helpers';
import { factoringCompanies, factoringNotes } from './factoring.table';

const NAMES = ['Capital', 'Freight Funding', 'Factoring', 'Finance', 'Cash Flow', 'Receivables'];

export const factoringSeeder: Seeder = {
  name: 'factoring companies',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const places = hubPlaces();
    const rows = Array.from({ length: scaled(ctx, 12) }, (_, i) => {
      const place = places[(i * 7) % places.length] ?? places[0];
      return {
        companyId,
        name: `${ctx.faker.location.county().replace(/ County$/, '')} ${NAMES[i % NAMES.length]}`,
        phone: phoneDigits(ctx),
        fax: phoneDigits(ctx),
        email: `funding${i + 1}@factoring.example.com`,
        address: ctx.faker.location.streetAddress(),
        city: place?.city ?? null,
        state: place?.state ?? null,
        zip: place?.zip ?? null,
        percentMilli: ctx.faker.helpers.arrayElement([1500, 2000, 2500, 2750, 3000, 3500, 4000, 5000]),
        paymentType: ctx.faker.helpers.arrayElement(['ACH', 'Wire', 'Check']),
      };
    });
    const inserted = await inChunks(rows, (chunk) =>
      ctx.db.insert(factoringCompanies).values(chunk).returning({ id: factoringCompanies.id }),
    );
    const ids = inserted.map((r) => r.id);
    ctx.refs.set('factoringIds', ids);
    await ctx.db.insert(factoringNotes).values(
      ids.slice(0, 4).map((id) => ({
        factoringCompanyId: id,
        text: ctx.faker.helpers.arrayElement([
          'Send schedules before 2 pm CT for same-day funding.',
          'Requires signed rate confirmation and BOL for every load.',
          'Chargebacks after 90 days unpaid.',
          'Fuel advances up to 40% on request.',
        ]),
      })),
    );
  },
};
