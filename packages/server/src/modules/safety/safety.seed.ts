import type { SafetyActionKind } from '@backhaul/shared/modules/safety/safety.contract';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { dayFromToday } from '../../platform/seed/seed-helpers';
import { drivers } from '../drivers';
import {
  driverQualificationItems,
  safetyActions,
  safetyDrivers,
  safetyExceptionComments,
  safetyExceptions,
} from './safety.table';

const NOTES: Record<SafetyActionKind, readonly string[]> = {
  check_in: [
    'Weekly check-in call: no issues, hours of service in order.',
    'Called about the ELD log gap on Tuesday; driver corrected the status.',
    'Reminded the driver about the 30-minute break rule.',
  ],
  inspection: [
    'Roadside inspection level 2, clean.',
    'Pre-trip inspection audit: tires and lights OK.',
    'DOT inspection at the scale house, no violations.',
  ],
  training: [
    'Completed winter driving refresher.',
    'Hazmat awareness module done.',
    'Defensive driving video quiz passed.',
  ],
  warning: ['Speeding alert from the telematics, 74 in a 65.', 'Hard braking events above threshold this week.'],
  violation: [
    'Logbook form and manner violation written up.',
    'Out of service for brake adjustment, repaired on site.',
  ],
  accident: ['Minor backing incident at the receiver, no injuries, photos filed.'],
};
const KIND_WEIGHTS: Array<{ value: SafetyActionKind; weight: number }> = [
  { value: 'check_in', weight: 10 },
  { value: 'inspection', weight: 5 },
  { value: 'training', weight: 3 },
  { value: 'warning', weight: 2 },
  { value: 'violation', weight: 1 },
  { value: 'accident', weight: 0.3 },
];
const EXCEPTIONS = [
  ['Medical card expires within 30 days', 'Ask the driver for the new medical certificate and upload it.'],
  ['Annual MVR review overdue', 'Order the MVR and review it with the driver.'],
  ['ELD malfunction reported', 'Driver to keep paper logs; replace the ELD unit within 8 days.'],
  ['Speeding pattern on I-80', 'Coaching call and a follow-up review in two weeks.'],
  ['Missing pre-trip inspection reports', 'Collect the DVIRs for the last week.'],
  ['Random drug test not taken', 'Send the driver to the clinic before the next dispatch.'],
] as const;
const COMMENTS = [
  'Called the driver, waiting for the document.',
  'Driver confirmed, will send it by Friday.',
  'Document received and filed.',
  'Escalated to the fleet manager.',
];

/** A year of driver actions, open and closed exceptions with comments, and the safety table's rows. */
export const safetySeeder: Seeder = {
  name: 'safety',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const f = ctx.faker;
    const staff = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.companyId, companyId), inArray(users.email, ['safety@backhaul.demo', 'admin@backhaul.demo'])),
      );
    const staffIds = staff.map((s) => s.id);
    const onSafety = await ctx.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.companyId, companyId), eq(drivers.safety, true), eq(drivers.active, true)));
    const perDriver = Math.max(2, Math.round(24 * Math.min(1, ctx.scale * 4)));
    const actions = onSafety.flatMap((d) =>
      Array.from({ length: perDriver }, () => {
        const kind = f.helpers.weightedArrayElement(KIND_WEIGHTS);
        return {
          companyId,
          driverId: d.id,
          date: dayFromToday(-f.number.int({ min: 0, max: 364 })),
          kind,
          note: f.helpers.arrayElement(NOTES[kind]),
          // A few deleted ones: the logbook must not show them.
          status: f.number.int({ min: 0, max: 40 }) === 0 ? 0 : 1,
          createdBy: f.helpers.arrayElement(staffIds),
        };
      }),
    );
    await inChunks(actions, (chunk) => ctx.db.insert(safetyActions).values(chunk));

    if (onSafety.length > 0) {
      await inChunks(
        onSafety.map((d, i) => ({
          companyId,
          driverId: d.id,
          status: i % 11 === 0 ? 'watch' : i % 29 === 0 ? 'suspended' : 'active',
          hoursTenths: f.number.int({ min: 50, max: 700 }),
          eldCount: i % 7 === 0 ? 2 : 1,
          employeeId: staffIds[i % staffIds.length] ?? null,
        })),
        (chunk) => ctx.db.insert(safetyDrivers).values(chunk),
      );
    }

    const count = Math.max(3, Math.round(30 * ctx.scale));
    const made = await inChunks(
      Array.from({ length: count }, (_, i) => {
        const [name, todo] = EXCEPTIONS[i % EXCEPTIONS.length] as readonly [string, string];
        const open = i % 3 !== 2;
        return {
          companyId,
          driverId: onSafety.length ? (onSafety[i % onSafety.length]?.id ?? null) : null,
          name,
          actions: todo,
          date: dayFromToday(-f.number.int({ min: 0, max: 120 })),
          status: open ? 1 : 0,
          createdBy: staffIds[0] ?? null,
          closedBy: open ? null : (staffIds[0] ?? null),
          closedAt: open ? null : clock.now(),
        };
      }),
      (chunk) => ctx.db.insert(safetyExceptions).values(chunk).returning({ id: safetyExceptions.id }),
    );
    const comments = made.flatMap((e, i) =>
      Array.from({ length: i % 4 }, (_, k) => ({
        exceptionId: e.id,
        userId: staffIds[k % staffIds.length] ?? null,
        comment: COMMENTS[k % COMMENTS.length] as string,
      })),
    );
    await inChunks(comments, (chunk) => ctx.db.insert(safetyExceptionComments).values(chunk));

    // Qualification files of every active driver, from the index alone (no faker: later seeders keep
    // their random stream): pre-employment test and road test at hiring, the annual MVR review and a
    // random test spread over the last year (some due within 30 days, a few overdue), some missing.
    const active = await ctx.db
      .select({ id: drivers.id })
      .from(drivers)
      .where(and(eq(drivers.companyId, companyId), eq(drivers.active, true)));
    const items = active.flatMap((d, i) => {
      const hired = dayFromToday(-400 - ((i * 37) % 900));
      const mvr = -((i * 53) % 380) - 1;
      const random = -((i * 29) % 360) - 10;
      const by = staffIds[i % Math.max(1, staffIds.length)] ?? null;
      const rows = [
        { kind: 'drug_pre_employment', performedOn: hired, expiresOn: null, note: 'Negative, MRO verified.' },
        ...(i % 9 === 4 ? [] : [{ kind: 'road_test', performedOn: hired, expiresOn: null, note: 'Passed.' }]),
        ...(i % 7 === 3
          ? []
          : [
              {
                kind: 'mvr_review',
                performedOn: dayFromToday(mvr),
                expiresOn: dayFromToday(mvr + 365),
                note: 'No disqualifying violations.',
              },
            ]),
        ...(i % 3 === 1
          ? []
          : [
              {
                kind: 'drug_random',
                performedOn: dayFromToday(random),
                expiresOn: dayFromToday(random + 365),
                note: 'Random selection, negative.',
              },
            ]),
      ];
      return rows.map((r) => ({ companyId, driverId: d.id, createdBy: by, ...r }));
    });
    await inChunks(items, (chunk) => ctx.db.insert(driverQualificationItems).values(chunk));
  },
};
