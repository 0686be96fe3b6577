import { nowInCompanyTimeZone } from '@backhaul/shared/formats/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { nextDailyRun } from '../../platform/jobs/jobs.service';
import { EXPIRY_DIGEST_JOB } from './expiry-digest.service';

let t: TestContext;
let admin: string;
let recipients = 0;
const TODAY = "(now() at time zone 'America/Chicago')::date";

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  // A known fleet: everything far in the future, then a few items on purpose.
  await t.database.exec(`
    update drivers set cdl_expires_on = ${TODAY} + 400, medical_card_expires_on = ${TODAY} + 400;
    update trucks set annual_inspection_date = ${TODAY} + 400, registration_expires_on = ${TODAY} + 400;
    update trailers set annual_inspection_date = ${TODAY} + 400, registration_expires_on = ${TODAY} + 400;
    update driver_qualification_items set expires_on = ${TODAY} + 400 where expires_on is not null;
    -- The demo's preventive maintenance (a registered due source) has its own test.
    delete from service_program_units;
  `);
  const pick = async (q: string) =>
    (await t.database.query<{ id: number; label: string }>(q))[0] as { id: number; label: string };
  const drivers = await t.database.query<{ id: number; label: string }>(
    'select id, name as label from drivers where active order by id limit 3',
  );
  const truck = await pick("select id, truck_number as label from trucks where status = 'active' order by id limit 1");
  const soldTruck = await pick(
    "select id, truck_number as label from trucks where status <> 'active' order by id limit 1",
  );
  const trailer = await pick(
    "select id, trailer_number as label from trailers where status = 'active' order by id limit 1",
  );
  const [a, b, c] = drivers as unknown as [{ id: number }, { id: number }, { id: number }];
  await t.database.exec(`
    update drivers set cdl_expires_on = ${TODAY} - 3 where id = ${a.id};
    update drivers set medical_card_expires_on = ${TODAY} + 10 where id = ${b.id};
    update drivers set cdl_expires_on = ${TODAY} - 1, active = false where id = ${c.id};
    update trucks set annual_inspection_date = ${TODAY} - 1 where id = ${truck.id};
    update trailers set registration_expires_on = ${TODAY} + 30, annual_inspection_date = ${TODAY} + 31 where id = ${trailer.id};
  `);
  if (soldTruck)
    await t.database.exec(`update trucks set registration_expires_on = ${TODAY} - 5 where id = ${soldTruck.id}`);
  fixture = { drivers: drivers.map((d) => d.label), truck: truck.label, trailer: trailer.label };
});
afterAll(() => t.close());

let fixture: { drivers: string[]; truck: string; trailer: string };

type Mail = { to: string; subject: string; text: string; html: string; template: string; status: string };
const digests = async () =>
  t.database.query<Mail>(
    'select "to", subject, text, html, template, status from mail_messages where template = \'expiry-digest\' order by id',
  );

describe('expiry digest', () => {
  it('POST /expiry-digest/send mails the safety users exactly what is overdue or due in 30 days', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/expiry-digest/send', headers: t.bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ items: 4 });
    const mails = await digests();
    expect(mails.map((m) => m.to)).toContain('safety@backhaul.demo');
    expect(mails.map((m) => m.to)).not.toContain('customer@backhaul.demo');
    expect(res.json().recipients).toBe(mails.length);
    recipients = mails.length;

    const mail = mails.find((m) => m.to === 'safety@backhaul.demo') as Mail;
    expect(mail.status).toBe('outbox');
    expect(mail.subject).toMatch(/^Expiry digest \d{4}-\d{2}-\d{2}: 2 overdue, 2 due within 30 days$/);
    const lines = mail.text.split('\n').filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l));
    expect(lines).toHaveLength(4);
    const [driverA, driverB, inactive] = fixture.drivers;
    expect(lines[0]).toMatch(new RegExp(`Overdue by 3 days\\s+Driver CDL\\s+${driverA}`));
    expect(lines[1]).toMatch(new RegExp(`Overdue by 1 day\\s+Truck annual inspection\\s+Truck ${fixture.truck}$`));
    expect(lines[2]).toMatch(new RegExp(`Due in 10 days\\s+Driver medical card\\s+${driverB}$`));
    expect(lines[3]).toMatch(new RegExp(`Due in 30 days\\s+Trailer registration\\s+Trailer ${fixture.trailer}`));
    expect(mail.text).not.toContain(inactive);
    expect(mail.text).not.toContain('Trailer annual inspection');

    expect(mail.html).toContain('<table');
    expect(mail.html.match(/<tr/g)).toHaveLength(5);
    expect(mail.html).toContain('Overdue by 3 days');
  });

  it('is refused without Settings edit', async () => {
    const safety = await t.login('safety@backhaul.demo');
    const res = await t.app.inject({ method: 'POST', url: '/api/expiry-digest/send', headers: t.bearer(safety) });
    expect(res.statusCode).toBe(403);
  });

  it('the daily job runs once per day whatever the number of processes that fire', async () => {
    const before = (await digests()).length;
    const day = nowInCompanyTimeZone().date;
    const first = await t.app.deps.jobs.enqueueDaily(EXPIRY_DIGEST_JOB, day);
    const second = await t.app.deps.jobs.enqueueDaily(EXPIRY_DIGEST_JOB, day);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    let status = '';
    for (let i = 0; i < 100 && status !== 'completed' && status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await t.app.deps.jobs.find(first?.id ?? '')).status;
    }
    expect(status).toBe('completed');
    const after = await digests();
    expect(after.length - before).toBe(recipients);
    expect(after.slice(before).map((m) => m.to)).toContain('safety@backhaul.demo');
  });

  it('schedules 06:00 in Chicago across daylight saving time', () => {
    const at = { hour: 6, minute: 0, timeZone: 'America/Chicago' };
    // July (CDT, UTC-5): before 06:00 → today 11:00Z; after → tomorrow.
    expect(nextDailyRun(new Date('2026-07-10T10:00:00Z'), at)).toEqual({
      at: new Date('2026-07-10T11:00:00Z'),
      day: '2026-07-10',
    });
    expect(nextDailyRun(new Date('2026-07-10T11:00:00Z'), at).day).toBe('2026-07-11');
    // January (CST, UTC-6).
    expect(nextDailyRun(new Date('2026-01-15T13:00:00Z'), at)).toEqual({
      at: new Date('2026-01-16T12:00:00Z'),
      day: '2026-01-16',
    });
    // The night of the spring change: 2026-03-08 06:00 is already CDT.
    expect(nextDailyRun(new Date('2026-03-08T07:00:00Z'), at).at).toEqual(new Date('2026-03-08T11:00:00Z'));
  });
});
