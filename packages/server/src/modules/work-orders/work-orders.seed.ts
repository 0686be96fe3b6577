import { COMPANY_TIME_ZONE } from '@backhaul/shared';
import { lineAmount, WO_TYPES } from '@backhaul/shared/modules/work-orders/work-orders.contract';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { SQL_NOW } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday, scaled } from '../../platform/seed/seed-helpers';
import { syncCustomerInvoice } from './work-orders.billing';
import { workOrderDescriptions, workOrderLabour, workOrderParts, workOrders } from './work-orders.table';
import { recomputeWhere } from './work-orders.totals';

const PARTS: Array<[string, string, number]> = [
  ['BP-4707', 'Brake pads, axle set', 8999],
  ['BS-2210', 'Brake shoes', 6450],
  ['OF-1R', 'Oil filter', 2199],
  ['FF-5540', 'Fuel filter', 3475],
  ['AF-9001', 'Air filter', 5820],
  ['DEF-25', 'DEF fluid, 2.5 gal', 1899],
  ['15W40', 'Engine oil 15W-40, gal', 1850],
  ['TR-29575', 'Tire 295/75R22.5', 42900],
  ['LT-1157', 'Lamp 1157', 699],
  ['BLT-K060', 'Serpentine belt', 7425],
];
const COMPLAINTS: Array<[string, string, string]> = [
  ['Brakes grinding on the drive axle', 'Pads worn to the backing plate', 'Replaced pads and resurfaced drums'],
  ['Check-engine light on', 'DEF sensor fault', 'Replaced sensor, cleared codes'],
  ['Due for PM service', 'Scheduled preventive maintenance', 'Changed oil and filters, greased chassis'],
  ['Pulls to the right', 'Front-end out of alignment', 'Aligned front axle'],
  ['Flat tire, trailer axle 2', 'Nail in the tread', 'Replaced tire'],
  ['Annual inspection due', 'Yearly DOT inspection', 'Inspected, passed'],
];

/**
 * A year of work orders for the fleet and some outside customers, with labour and parts; older
 * ones closed (a few canceled), recent ones in the shop or arriving. Totals are computed from the
 * lines the same way a save does; outside customers' orders are billed through the invoices module.
 */
export const workOrdersSeeder: Seeder = {
  name: 'work orders',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const f = ctx.faker;
    const trucks = ref<Array<{ id: number; status: string }>>(ctx, 'trucks').filter((t) => t.status === 'active');
    const trailers = ref<Array<{ id: number }>>(ctx, 'trailers');
    const customerIds = ref<number[]>(ctx, 'customerIds').slice(0, 6);
    const technicians = await rowsOf<{ id: number }>(
      ctx.db,
      sql`select u.id from users u join departments d on d.id = u.department_id
        where u.company_id = ${companyId} and d.name = 'Shop' and u.active order by u.id`,
    );
    const techIds = technicians.map((t) => Number(t.id));
    const count = scaled(ctx, 600, 12);
    const orders = Array.from({ length: count }, (_, i) => {
      // Spread over the last year, the newest few arriving in the coming days.
      const age = Math.round(((count - 1 - i) / count) * 365) - f.number.int({ min: 0, max: 3 }) - 3;
      const arrival = dayFromToday(-age);
      const unit =
        i % 9 === 0 && customerIds.length ? 'customer' : i % 4 === 0 && trailers.length ? 'trailer' : 'truck';
      const old = age > 14;
      const status = old
        ? i % 23 === 0
          ? 11
          : 9
        : age < 0
          ? f.helpers.arrayElement([1, 2])
          : f.helpers.arrayElement([3, 4, 5, 6, 7, 8, 10]);
      const checkedIn = status >= 3 && status !== 11;
      const hour = f.number.int({ min: 7, max: 15 });
      const days = f.number.int({ min: 0, max: 4 });
      const type = f.helpers.arrayElement(WO_TYPES);
      return {
        companyId,
        woType: type,
        unitType: unit,
        truckId: unit === 'truck' ? (f.helpers.arrayElement(trucks)?.id ?? null) : null,
        trailerId: unit === 'trailer' ? (f.helpers.arrayElement(trailers)?.id ?? null) : null,
        customerId: unit === 'customer' ? f.helpers.arrayElement(customerIds) : null,
        customerUnit: unit === 'customer' ? `C-${f.number.int({ min: 100, max: 999 })}` : null,
        dispatchRequest: f.helpers.weightedArrayElement([
          { weight: 2, value: 1 },
          { weight: 5, value: 2 },
          { weight: 2, value: 3 },
          { weight: 1, value: 4 },
        ]),
        status,
        technicianId: techIds.length ? (techIds[i % techIds.length] ?? null) : null,
        arrived: checkedIn,
        arrivalDate: arrival,
        alignment: type === 'Repair' && i % 5 === 0,
        inspection: type === 'Inspection',
        pm: type === 'Preventive maintenance',
        towing: type === 'Towing',
        checkIn: checkedIn ? sql`(${`${arrival} ${hour}:00`}::timestamp at time zone ${COMPANY_TIME_ZONE})` : null,
        checkOut:
          status === 9
            ? sql`(${`${arrival} ${hour}:00`}::timestamp at time zone ${COMPANY_TIME_ZONE} + ${`${days} days ${f.number.int({ min: 2, max: 9 })} hours`}::interval)`
            : null,
        taxMilli: unit === 'customer' ? 8250 : 0,
        createdAt: sql`least(${SQL_NOW}, ${`${arrival} 06:00`}::timestamp at time zone ${COMPANY_TIME_ZONE} - interval '1 day')`,
      };
    });
    const inserted = await inChunks(orders as unknown as Array<typeof workOrders.$inferInsert>, (chunk) =>
      ctx.db
        .insert(workOrders)
        .values(chunk)
        .returning({ id: workOrders.id, status: workOrders.status, unitType: workOrders.unitType }),
    );

    const labour: Array<typeof workOrderLabour.$inferInsert> = [];
    const parts: Array<typeof workOrderParts.$inferInsert> = [];
    const descriptions: Array<typeof workOrderDescriptions.$inferInsert> = [];
    for (const [i, o] of inserted.entries()) {
      if (o.status === 11 || o.status <= 2) continue;
      const [complaint, cause, correction] = COMPLAINTS[i % COMPLAINTS.length] as [string, string, string];
      descriptions.push({ workOrderId: o.id, complaint, cause, correction });
      for (let n = f.number.int({ min: 1, max: 2 }); n > 0; n--) {
        const hours = f.number.int({ min: 2, max: 24 }) * 25;
        const rate = f.helpers.arrayElement([9500, 11000, 12500]);
        labour.push({
          workOrderId: o.id,
          technicianId: techIds[(i + n) % Math.max(1, techIds.length)] ?? null,
          description: n === 1 ? correction : 'Road test',
          hundredthHours: hours,
          rateCents: rate,
          amountCents: lineAmount(hours, rate),
        });
      }
      for (let n = f.number.int({ min: 0, max: 3 }); n > 0; n--) {
        const [partNumber, description, price] = f.helpers.arrayElement(PARTS);
        const quantity = f.number.int({ min: 1, max: 4 }) * 100;
        parts.push({
          workOrderId: o.id,
          partNumber,
          description,
          hundredthQuantity: quantity,
          unitPriceCents: price,
          amountCents: lineAmount(quantity, price),
        });
      }
    }
    await inChunks(labour, (chunk) => ctx.db.insert(workOrderLabour).values(chunk));
    await inChunks(parts, (chunk) => ctx.db.insert(workOrderParts).values(chunk));
    await inChunks(descriptions, (chunk) => ctx.db.insert(workOrderDescriptions).values(chunk));
    await recomputeWhere(ctx.db, sql`w.company_id = ${companyId}`);

    const [admin] = await rowsOf<{ id: number }>(
      ctx.db,
      sql`select id from users where company_id = ${companyId} and email = 'shop@backhaul.demo'`,
    );
    const actor = { id: Number(admin?.id), companyId, customerId: null } as unknown as AuthUser;
    for (const o of inserted.filter((x) => x.unitType === 'customer')) await syncCustomerInvoice(ctx.db, actor, o.id);
  },
};

/** Runs after the planner: each work order the planner's seeder put on a technician's lane gets that technician. */
export const workOrderTechniciansSeeder: Seeder = {
  name: 'work order technicians',
  async run(ctx) {
    const planned = (ctx.refs.get('plannedTechnicians') as Map<number, number> | undefined) ?? new Map();
    for (const [id, technicianId] of planned)
      await ctx.db.update(workOrders).set({ technicianId }).where(eq(workOrders.id, id));
  },
};
