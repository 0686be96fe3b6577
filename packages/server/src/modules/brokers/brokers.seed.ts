import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { brokers } from './brokers.table';

const FIRST = [
  'Coyote',
  'Echo',
  'Summit',
  'Arrive',
  'Blue Ridge',
  'Redwood',
  'Prairie',
  'Ironhorse',
  'Lone Pine',
  'Heartland',
  'Keystone',
  'Patriot',
  'Great Lakes',
  'Big Sky',
  'Gulf Coast',
  'Frontier',
  'Silver State',
  'Trailhead',
  'Northstar',
  'Crossroads',
  'Magnolia',
  'Cardinal',
  'Cascade',
  'Mesa',
  'Liberty',
  'Pioneer',
  'Granite',
  'Canyon',
  'Bluegrass',
  'Sierra',
  'Horizon',
  'Pinnacle',
  'Eagle',
  'Falcon',
  'Buffalo',
  'Mustang',
  'Timberline',
  'Riverbend',
  'Sunbelt',
  'Midwest',
  'Tri-State',
  'Apex',
  'Allied',
  'Continental',
  'Highway',
  'Freedom',
  'Copper',
  'Harbor',
  'Bayou',
];
const SECOND = [
  'Logistics',
  'Freight',
  'Transportation',
  'Brokerage',
  'Global Logistics',
  'Freight Solutions',
  'Supply Chain',
  'Transport Services',
  'Logistics Group',
  'Freight Brokers',
  'Shipping',
  'Cargo',
  'Distribution',
  'Logistics Inc.',
];

/** A few hundred brokers with real-looking names, MC numbers, addresses, e-mails and phones. */
export const brokersSeeder: Seeder = {
  name: 'brokers',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const { faker } = ctx;
    const count = Math.max(40, Math.round(350 * ctx.scale));
    const names = new Set<string>();
    const mcs = new Set<string>();
    while (names.size < count) {
      const base = `${faker.helpers.arrayElement(FIRST)} ${faker.helpers.arrayElement(SECOND)}`;
      names.add(names.has(base) ? `${faker.person.lastName()} ${faker.helpers.arrayElement(SECOND)}` : base);
    }
    const rows = [...names].map((name) => {
      let mc = faker.string.numeric({ length: { min: 6, max: 7 }, allowLeadingZeros: false });
      while (mcs.has(mc)) mc = faker.string.numeric({ length: 7, allowLeadingZeros: false });
      mcs.add(mc);
      const domain = `${name
        .toLowerCase()
        .replace(/[^a-z]+/g, '')
        .slice(0, 18)}.com`;
      return {
        companyId,
        name,
        mcNumber: mc,
        paStreet1: faker.location.streetAddress(),
        paCity: faker.location.city(),
        paState: faker.location.state({ abbreviated: true }),
        paZip: faker.location.zipCode('#####'),
        emailAddress: `${faker.helpers.arrayElement(['dispatch', 'loads', 'carriers', 'ops', 'booking'])}@${domain}`,
        // NANP: area code and exchange both start with 2-9.
        localPhone: `${faker.number.int({ min: 2, max: 9 })}${faker.string.numeric(2)}${faker.number.int({ min: 2, max: 9 })}${faker.string.numeric(6)}`,
        createdAt: faker.date.past({ years: 3, refDate: '2026-11-01T12:00:00Z' }),
      };
    });
    await inChunks(rows, (chunk) => ctx.db.insert(brokers).values(chunk));
  },
};
