import { addDays, nowInCompanyTimeZone, COMPANY_TIME_ZONE_DEFAULT as TZ } from '@backhaul/shared/formats/formats';
import { minutesOfTime } from '@backhaul/shared/schemas/dates';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { DEMO_USERS } from '../../platform/auth/users.seed';
import { clock, SQL_NOW } from '../../platform/clock';
import type { Seeder } from '../../platform/seed/seed';
import { ref } from '../../platform/seed/seed';
import { offices, positions } from '../settings';
import { workShifts } from '../work-schedule';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(((minutes % 60) + 60) % 60).padStart(2, '0')}`;

const EVENTS = [
  ['Quarterly all-hands meeting', 'Conference room A and online. Results of the quarter and the plan for the next.'],
  ['DOT compliance refresher', 'Safety team walks through hours-of-service and inspection changes.'],
  ['Shop open house', 'Tour of the new bays for the office staff.'],
  ['Benefits enrollment closes', 'Last day to change health and retirement elections.'],
  ['Holiday party', 'Dinner for staff and families.'],
  ['Fire drill', 'Building evacuation at 10:00.'],
] as const;

const NOTES = [
  'Please send me the updated rate confirmation for the Dallas load.',
  'Reminder: timesheets are due Friday by noon.',
  'The Memphis customer called about a late delivery, can you check?',
  'New parking rules for the yard start Monday.',
  'Thanks for covering the Saturday shift!',
  'Can you review the driver file for the new hire before Thursday?',
  'The printer on the second floor is fixed.',
  'Please update your phone number in My information.',
];

/**
 * Account data of the office: profiles, vacation requests in every state, notes read and unread,
 * company events, and check-ins on the scheduled days up to yesterday (nobody is checked in today,
 * so a demo login starts its day), skipping approved vacations and with a few sick days.
 */
export const accountSeeder: Seeder = {
  name: 'account',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const { faker } = ctx;
    const today = clock.today();
    const staff = await rowsOf<{ id: number; name: string; email: string; role: number; department_id: number | null }>(
      ctx.db,
      sql`select id, name, email, role, department_id from users
          where company_id = ${companyId} and active and customer_id is null order by id`,
    );
    const head = (departmentId: number | null) =>
      staff.find((s) => s.role === 3 && s.department_id === departmentId) ?? staff.find((s) => s.role === 0);

    await ctx.db.execute(
      sql`insert into staff_profiles (user_id, company_id, phone, location, duties, manager_id, birthday)
          select t.u, ${companyId}, t.p, t.l, t.du, t.m, t.b from json_to_recordset(${JSON.stringify(
            staff.map((s) => ({
              u: s.id,
              p: `312555${String(1000 + s.id).slice(-4)}`,
              l: faker.helpers.arrayElement(['Chicago, IL', 'Joliet, IL', 'Gary, IN', 'Dallas, TX', 'Remote']),
              du: faker.helpers.arrayElement([
                'Book loads, track trucks, keep customers informed.',
                'Invoices, payments and factoring schedules.',
                'Driver files, inspections, hours of service.',
                'Work orders, parts and technicians.',
                'Office and people.',
              ]),
              m: head(s.department_id)?.id === s.id ? null : (head(s.department_id)?.id ?? null),
              b: `19${faker.number.int({ min: 65, max: 99 })}-${String(faker.number.int({ min: 1, max: 12 })).padStart(2, '0')}-1${faker.number.int({ min: 0, max: 9 })}`,
            })),
          )}::json) as t(u int, p text, l text, du text, m int, b date)`,
    );

    // An office for everyone in turn, and the first position of their department (Settings' lists).
    await ctx.db.execute(
      sql`update staff_profiles p set
            office_id = (select o.id from ${offices} o where o.company_id = p.company_id order by o.id
                         offset (p.user_id % nullif((select count(*) from ${offices} where company_id = p.company_id), 0)) limit 1),
            position_id = (select pos.id from ${positions} pos join users u on u.id = p.user_id
                           where pos.company_id = p.company_id and pos.department_id = u.department_id order by pos.id limit 1)
          where p.company_id = ${companyId}`,
    );

    // Vacations: a past approved week per person, plus new, refused and approved future requests.
    const vacations: { u: number; f: string; t: string; s: number; c: string; by: number | null }[] = [];
    const demoIds = new Set(staff.filter((s) => DEMO_USERS.some((d) => d.email === s.email)).map((s) => s.id));
    staff.forEach((s, i) => {
      const decider = head(s.department_id)?.id ?? null;
      const past = addDays(today, -faker.number.int({ min: 20, max: 40 }));
      if (!demoIds.has(s.id))
        vacations.push({ u: s.id, f: past, t: addDays(past, 4), s: 1, c: 'Family trip', by: decider });
      const future = addDays(today, 14 + (i % 5) * 3);
      vacations.push({
        u: s.id,
        f: future,
        t: addDays(future, 2 + (i % 3)),
        s: i % 3 === 0 ? 1 : i % 3 === 1 ? 0 : 2,
        c: faker.helpers.arrayElement(['Wedding', 'Moving house', 'Rest', 'Medical appointment']),
        by: i % 3 === 1 ? null : decider,
      });
    });
    await ctx.db.execute(
      sql`insert into vacation_requests (company_id, user_id, date_from, date_to, status, comment, decided_by, decided_at, created_at)
          select ${companyId}, t.u, t.f, t.t, t.s, t.c, t.by, case when t.s <> 0 then ${SQL_NOW} end, ${SQL_NOW} - interval '3 days'
          from json_to_recordset(${JSON.stringify(vacations)}::json) as t(u int, f date, t date, s int, c text, by int)`,
    );

    // Notes: each person gets a few, older ones read.
    const notes = staff.flatMap((s, i) =>
      [0, 1, 2].map((k) => {
        const author = staff[(i + k + 1) % staff.length] ?? s;
        return { a: author.id, u: s.id, x: NOTES[(i + k) % NOTES.length] ?? '', s: k === 0 ? 0 : 1, d: k * 2 + 1 };
      }),
    );
    await ctx.db.execute(
      sql`insert into staff_notes (company_id, author_id, user_id, text, status, created_at, read_at)
          select ${companyId}, t.a, t.u, t.x, t.s, ${SQL_NOW} - make_interval(days => t.d), case when t.s = 1 then ${SQL_NOW} end
          from json_to_recordset(${JSON.stringify(notes)}::json) as t(a int, u int, x text, s int, d int)`,
    );

    // Comments on people, by the heads of department; the older ones seen.
    const COMMENTS = [
      'Great handling of the weekend breakdown.',
      'Late twice this week, talk about the new shift.',
      'Ready to train the new dispatcher.',
      'Asked for a second monitor.',
    ];
    const comments = staff
      .filter((_, i) => i % 2 === 0)
      .map((s, i) => ({
        u: s.id,
        a: head(s.department_id)?.id ?? null,
        x: COMMENTS[i % COMMENTS.length] ?? '',
        seen: i % 3 !== 0,
        d: i + 1,
      }));
    await ctx.db.execute(
      sql`insert into user_comments (company_id, user_id, author_id, text, seen, created_at)
          select ${companyId}, t.u, t.a, t.x, t.seen, ${SQL_NOW} - make_interval(days => t.d)
          from json_to_recordset(${JSON.stringify(comments)}::json) as t(u int, a int, x text, seen boolean, d int)`,
    );

    const events = EVENTS.map(([title, description], i) => ({ d: addDays(today, -30 + i * 17), title, description }));
    await ctx.db.execute(
      sql`insert into staff_events (company_id, date, title, description)
          select ${companyId}, t.d, t.title, t.description from json_to_recordset(${JSON.stringify(events)}::json)
            as t(d date, title text, description text)`,
    );

    // Check-ins on the scheduled days before today, and today for the office (not the demo logins)
    // whose shift has begun: still at work, nobody checked out yet.
    const now = nowInCompanyTimeZone(clock.now());
    const nowMinutes = now.hour * 60 + now.minute;
    const shifts = await ctx.db
      .select({ u: workShifts.userId, d: workShifts.date, s: workShifts.start, e: workShifts.end })
      .from(workShifts)
      .where(sql`${workShifts.companyId} = ${companyId} and ${workShifts.date} <= ${today}`);
    const away = (u: number, d: string) => vacations.some((v) => v.u === u && v.s === 1 && v.f <= d && d <= v.t);
    const startedToday = (s: { u: number; d: string; s: string }) =>
      s.d === today && !demoIds.has(s.u) && minutesOfTime(s.s) + 15 <= nowMinutes;
    const days = shifts
      .filter((s) => !away(s.u, s.d) && (s.d < today || startedToday(s)))
      .map((s) => {
        const sick = faker.number.int({ min: 1, max: 40 }) === 1;
        const start = minutesOfTime(s.s) + faker.number.int({ min: -12, max: 14 });
        const end =
          minutesOfTime(s.e) +
          faker.helpers.weightedArrayElement([
            { weight: 6, value: faker.number.int({ min: -8, max: 10 }) },
            { weight: 3, value: faker.number.int({ min: 20, max: 110 }) },
          ]);
        if (s.d === today) return { u: s.u, d: s.d, i: hhmm(start), o: null, k: false };
        return { u: s.u, d: s.d, i: sick ? null : hhmm(start), o: sick ? null : hhmm(end), k: sick };
      });
    for (let i = 0; i < days.length; i += 5000) {
      await ctx.db.execute(
        sql`insert into attendance_days (company_id, user_id, date, check_in, check_out, sick)
            select ${companyId}, t.u, t.d,
                   case when t.i is null then null else (t.d + t.i::time) at time zone ${TZ} end,
                   case when t.o is null then null else (t.d + t.o::time) at time zone ${TZ} end, t.k
            from json_to_recordset(${JSON.stringify(days.slice(i, i + 5000))}::json) as t(u int, d date, i text, o text, k boolean)`,
      );
    }
  },
};
