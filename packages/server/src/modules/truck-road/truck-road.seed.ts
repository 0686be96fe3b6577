import { ROAD_REASONS } from '@backhaul/shared/modules/truck-road/truck-road.contract';
import { sql } from 'drizzle-orm';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, scaled } from '../../platform/seed/seed-helpers';
import { trucks } from '../trucks';
import { truckRoadRecipients } from './truck-road.table';

const CITIES = [
  'Amarillo, TX',
  'Joplin, MO',
  'Little Rock, AR',
  'Tulsa, OK',
  'Memphis, TN',
  'Oklahoma City, OK',
  'Dallas, TX',
];

/**
 * Trucks on the road history: each of the last days (today included) holds the fleet that was out,
 * about one truck in twelve out of service with a reason, older days approved by dispatch and shop.
 */
export const truckRoadSeeder: Seeder = {
  name: 'trucks on the road',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const days = scaled(ctx, 30, 3);
    const reasons = sql.raw(`array[${ROAD_REASONS.map((r) => `'${r}'`).join(', ')}]`);
    const cities = sql.raw(`array[${CITIES.map((c) => `'${c}'`).join(', ')}]`);
    await ctx.db.execute(sql`
      insert into truck_road (company_id, date, truck_id, driver_id, drive_type_id, location, out_of_service, reason,
        dispatcher_approved, shop_approved)
      select ${companyId}, d::date, t.id, t.driver_id, 1 + (t.id % 7 = 0)::int,
        (${cities})[1 + (t.id + extract(doy from d)::int) % ${CITIES.length}],
        (t.id + extract(doy from d)::int) % 12 = 0,
        case when (t.id + extract(doy from d)::int) % 12 = 0
          then (${reasons})[1 + (t.id * 7 + extract(doy from d)::int) % ${ROAD_REASONS.length}] end,
        d::date < ${dayFromToday(-1)}::date, d::date < ${dayFromToday(-2)}::date
      from generate_series(${dayFromToday(-(days - 1))}::date, ${dayFromToday(0)}::date, interval '1 day') d
      cross join ${trucks} t
      where t.company_id = ${companyId} and t.status = 'active' and coalesce(t.truck_status, 'on_road') <> 'in_shop'`);
    await ctx.db.insert(truckRoadRecipients).values([
      { companyId, email: 'dispatch@backhaul.demo' },
      { companyId, email: 'shop@backhaul.demo' },
    ]);
  },
};
