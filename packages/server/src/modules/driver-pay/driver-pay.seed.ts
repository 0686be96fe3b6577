import {
  addDays,
  COMPANY_TIME_ZONE_DEFAULT,
  nowInCompanyTimeZone,
  startOfWeek,
} from '@backhaul/shared/formats/formats';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../../platform/auth/access';
import { clock } from '../../platform/clock';
import { runCommand } from '../../platform/record/command';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { drivers as driversTable } from '../drivers';
import { loads, truckPaceSql } from '../trips';
import { trucks } from '../trucks';
import { payExpense } from './company-expenses.routes';
import { cashAdvances, companyExpenses, escrowAccounts, scheduledPayments } from './driver-pay.table';
import { createStatement, previewStatement, setAddition, setPay, updateStatement } from './driver-statements.service';

const WEEKS = 6;

/**
 * Driver pay history for a few owner-operators (a percentage; they bear fuel, a weekly truck lease
 * and monthly insurance) and company drivers (per mile; they bear nothing): one owner-operator's
 * escrow, another's comcheck advance, and a weekly statement per driver with loads for the last six
 * weeks, each with what its sources preselect (an owner-operator's fuel, not a company driver's) —
 * the older ones closed and paid (two weeks ago in part), one owner-operator's negative week carried
 * into the next, last week's still open. Written through the statements service as the accountant,
 * so lines, totals and audit rows are what the screens make.
 */
export const driverPaySeeder: Seeder = {
  name: 'driver pay',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const [author] = await rowsOf<{ id: number; email: string; name: string }>(
      ctx.db,
      sql`select id, email, name from users where company_id = ${companyId}
        order by (email like 'accountant@%') desc, id limit 1`,
    );
    if (!author) return;
    const user: AuthUser = {
      id: Number(author.id),
      companyId,
      email: author.email,
      name: author.name,
      role: 0,
      permissionRoleId: null,
      departmentId: null,
      customerId: null,
      image: null,
    };
    const now = clock.now();
    const today = nowInCompanyTimeZone(now).date;
    // A year of fuel: about one purchase per 1,000 miles a load ran, on its day, at its pickup or
    // delivery city; 6.5 mpg, $3.55–4.25 a gallon, by a hash of the load (no faker draws).
    await ctx.db.execute(sql`insert into fuel_rows (company_id, customer_id, driver_id, truck_id, card, fuel_date,
        invoice, truck_number, odometer, location, city, state, item, unit, ppu_mills, gallons_milli, cost_cents,
        fees_cents, amt_cents, amount_cents, disc_type, db, currency, created_by)
      select l.company_id, l.customer_id, l.driver_id, l.truck_id, '4400' || lpad(l.driver_id::text, 6, '0'),
        (l.delivery_at at time zone ${COMPANY_TIME_ZONE_DEFAULT})::date - (g.n - 1),
        'SEED-' || l.id || '-' || g.n, t.truck_number,
        -- The odometer at the purchase (noon that day): the truck's odometer now less its pace (trips'
        -- truckPaceSql) times the days since; none where that would go below zero.
        nullif(greatest(-1, t.odometer - round(${truckPaceSql(sql`l.truck_id`, now)} * extract(epoch from
          ${now.toISOString()}::timestamptz - ((((l.delivery_at at time zone ${COMPANY_TIME_ZONE_DEFAULT})::date - (g.n - 1))
            + time '12:00') at time zone ${COMPANY_TIME_ZONE_DEFAULT})) / 86400)::int), -1),
        (array['Pilot', 'Love''s', 'TA', 'Petro', 'Flying J'])[1 + (l.id + g.n) % 5] || ' #' || (100 + (l.id * 7 + g.n) % 800),
        case when g.n % 2 = 0 then l.pickup_city else l.delivery_city end,
        case when g.n % 2 = 0 then l.pickup_state else l.delivery_state end,
        'ULSD', 'GAL', p.ppu, 153846, round(153846::numeric * p.ppu / 10000), 150,
        round(153846::numeric * p.ppu / 10000) + 150, round(153846::numeric * p.ppu / 10000) + 150 - 1538,
        'R', 'N', 'USD', null
      from ${loads} l
        join ${trucks} t on t.id = l.truck_id
        cross join lateral generate_series(1, greatest(1, (l.mileage_loaded + l.mileage_empty) / 1000)) as g(n)
        cross join lateral (select 3550 + (l.id * 37 + g.n * 11) % 700 as ppu) p
      where l.company_id = ${companyId} and l.driver_id is not null and l.delivery_at is not null
        and (l.delivery_at at time zone ${COMPANY_TIME_ZONE_DEFAULT})::date between ${addDays(today, -365)} and ${today}
        and l.mileage_loaded + l.mileage_empty >= 500`);
    const thisWeek = startOfWeek(today);
    const firstWeek = addDays(thisWeek, -7 * WEEKS);
    // A few drivers of each kind: owner-operators (and lease drivers) on a percentage who bear fuel
    // and their truck's lease, company drivers per mile who bear neither.
    const count = Math.max(2, Math.round(5 * ctx.scale));
    const ownerCount = Math.ceil(count / 2);
    const drivers = await rowsOf<{ id: number; driver_type: string; customer_id: number | null }>(
      ctx.db,
      sql`select id, driver_type, customer_id from (
          select d.id, d.driver_type, d.customer_id,
            row_number() over (partition by d.driver_type = 'company' order by d.id) as n
          from ${driversTable} d
          where d.company_id = ${companyId} and d.active
            and exists (select 1 from ${loads} l where l.driver_id = d.id
              and (l.delivery_at at time zone ${COMPANY_TIME_ZONE_DEFAULT})::date between ${firstWeek} and ${addDays(thisWeek, -1)})
        ) x
        where n <= case when driver_type = 'company' then ${count - ownerCount}::int else ${ownerCount}::int end
        order by id`,
    );

    const owners = drivers.filter((d) => d.driver_type !== 'company');
    if (owners.length) {
      await inChunks(
        owners.flatMap((d, i) => [
          {
            companyId,
            driverId: Number(d.id),
            customerId: d.customer_id,
            paymentType: 'deduction',
            frequency: 'weekly',
            description: 'Truck lease',
            amountCents: 350_00 + (i % 3) * 25_00,
            startDate: addDays(firstWeek, 1),
            count: null,
            createdBy: user.id,
          },
          {
            companyId,
            driverId: Number(d.id),
            customerId: d.customer_id,
            paymentType: 'deduction',
            frequency: 'monthly',
            description: 'Occupational accident insurance',
            amountCents: 185_00,
            startDate: `${firstWeek.slice(0, 8)}15`,
            count: 12,
            createdBy: user.id,
          },
        ]),
        (chunk) => ctx.db.insert(scheduledPayments).values(chunk),
      );
    }

    // One owner-operator saves into escrow; another had a bad week (a roadside engine repair the
    // company advanced) that left the statement negative: its balance is carried to the next week.
    const [saver, unlucky] = owners.length > 1 ? [owners[1], owners[0]] : [owners[0], owners[0]];
    if (saver)
      await ctx.db.insert(escrowAccounts).values({
        companyId,
        driverId: Number(saver.id),
        targetCents: 2_500_00,
        depositCents: 100_00,
        interestRateMilli: 2_000,
        openedOn: firstWeek,
        note: 'Lease § 9: $100 a week until $2,500; 2 % a year, paid quarterly.',
        createdBy: user.id,
      });
    // A fuel-card cash advance to the third owner-operator (else the first), recovered on the next statement.
    const advanced = owners[2] ?? owners[0];
    if (advanced)
      await ctx.db.insert(cashAdvances).values({
        companyId,
        driverId: Number(advanced.id),
        givenOn: addDays(thisWeek, -9),
        amountCents: 200_00,
        method: 'comcheck',
        reference: `CC-${advanced.id}-0419`,
        note: 'Cash for a scale ticket and a meal on a delayed load',
        createdBy: user.id,
      });

    let n = 0;
    for (const d of drivers) {
      for (let w = WEEKS; w >= 1; w--) {
        const from = addDays(thisWeek, -7 * w);
        const to = addDays(from, 6);
        const offered = await previewStatement(ctx.db, user, { driver_id: Number(d.id), date_from: from, date_to: to });
        if (!offered.trips.length) continue;
        const chosen = {
          trips: offered.trips_selected,
          fuel: offered.fuel_selected,
          scheduled_payments: offered.scheduled_payments_selected,
          hours: offered.hours_selected,
          additional: offered.additional_selected,
        };
        const { statement } = await createStatement(ctx.db, user, {
          driver_id: Number(d.id),
          date_from: from,
          date_to: to,
          ...chosen,
        });
        n++;
        if (d === unlucky && w === 3)
          await setAddition(ctx.db, user, {
            statement_id: statement.id,
            category: 'deduction',
            date: addDays(from, 2),
            amount: Math.max(3_000_00, Math.round(statement.amount * 100) + 850_00),
            description: 'Roadside engine repair advanced by the company',
          });
        else if (n % 4 === 0)
          await setAddition(ctx.db, user, {
            statement_id: statement.id,
            category: 'credit',
            date: addDays(from, 3),
            amount: 75_00,
            description: 'Detention pay at the receiver',
          });
        if (w === 1) continue; // last week's statement stays open
        const closed = await updateStatement(ctx.db, user, statement.id, {
          ...chosen,
          addition: await statementAdditions(ctx.db, statement.id),
          status: 'Closed',
        });
        const due = Math.round(closed.statement.due * 100);
        if (due <= 0) continue;
        // Two weeks ago: paid in part; older: paid in full on the Friday after the period.
        const amount = w === 2 ? Math.round(due / 2) : due;
        await setPay(ctx.db, user, statement.id, {
          amount,
          date: addDays(to, 6),
          note: w === 2 ? 'First half (ACH)' : 'ACH',
        });
      }
    }
    // Company expenses of the last two weeks: one per driver paid onto last week's open statement, the
    // rest open. An owner-operator is charged the truck's costs the company paid (tolls, a roadside
    // repair, a scale); a company driver bears none and is paid back what he paid out.
    const ownerKinds = [
      { category: 'Toll', amountCents: 42_50, description: 'I-80 / Indiana Toll Road' },
      { category: 'Repair on the road', amountCents: 640_00, description: 'Tire replaced roadside' },
      { category: 'Scale ticket', amountCents: 13_75, description: 'CAT scale' },
    ];
    const companyKinds = [
      { category: 'Lumper', amountCents: 165_00, description: 'Unloading at the receiver, paid by the driver' },
      { category: 'Scale ticket', amountCents: 13_75, description: 'CAT scale, paid by the driver' },
    ];
    const expenses = await inChunks(
      drivers.flatMap((d, i) =>
        [0, 1].map((k) => {
          const kinds = d.driver_type === 'company' ? companyKinds : ownerKinds;
          const kind = kinds[(i + k) % kinds.length] as (typeof ownerKinds)[number];
          return {
            companyId,
            driverId: Number(d.id),
            customerId: d.customer_id,
            expenseDate: addDays(thisWeek, -10 + i + k * 3),
            ...kind,
            createdBy: user.id,
          };
        }),
      ),
      (chunk) =>
        ctx.db
          .insert(companyExpenses)
          .values(chunk)
          .returning({ id: companyExpenses.id, driverId: companyExpenses.driverId }),
    );
    await ctx.db.execute(
      sql`update company_expenses e set truck_id = (select t.id from ${trucks} t where t.driver_id = e.driver_id limit 1)
        where e.company_id = ${companyId}`,
    );
    const company = new Set(drivers.filter((d) => d.driver_type === 'company').map((d) => Number(d.id)));
    for (const [i, e] of expenses.entries()) {
      const byDriver = company.has(Number(e.driverId));
      if (byDriver || i % 2 === 0)
        await runCommand(ctx.db, payExpense, user, { id: e.id, payAs: byDriver ? 'reimbursement' : 'deduction' });
    }
    ctx.log(
      `driver pay: ${n} statements, ${owners.length * 2} scheduled payments, ${expenses.length} company expenses`,
    );
  },
};

/** The ids of a statement's lines typed by hand (kept when it is closed). */
async function statementAdditions(db: Parameters<typeof rowsOf>[0], statementId: number) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from pay_statement_lines where statement_id = ${statementId} and source = 'addition'`,
  );
  return rows.map((r) => Number(r.id));
}
