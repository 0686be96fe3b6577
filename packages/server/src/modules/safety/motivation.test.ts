import { ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Factories, factories } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
let f: Factories;
let viewer: string;
let writer: string;
let customerId: number;
let clean: { id: number; driver: string };
let risky: { id: number; driver: string };

beforeAll(async () => {
  t = await createTestApp();
  f = factories(t);
  viewer = (await f.user([0, ACTION.VIEW].map((action) => ({ section: SECTION.MotivationProgramme, action })))).token;
  writer = (
    await f.user([
      ...[0, 8].map((action) => ({ section: SECTION.Logbooks, action })),
      ...[0, 8].map((action) => ({ section: SECTION.Safety, action })),
    ])
  ).token;
  customerId = (await f.customer()).id;
  clean = await f.driver({ safety: true, customer_id: customerId });
  risky = await f.driver({ safety: true, customer_id: customerId });
  // March 2026: the clean driver delivers 3 loads and has a check-in; the risky one 1 load, a warning and a violation, and an exception.
  await f.trip({ customerId, driverId: clean.id, loads: 3, day: '2026-03-10' });
  await f.trip({ customerId, driverId: risky.id, loads: 1, day: '2026-03-11' });
  await f.trip({ customerId, driverId: clean.id, loads: 1, day: '2026-04-02' });
  const act = (driver: number, date: string, kind: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/safety/${driver}/${date}`,
      headers: t.bearer(writer),
      payload: { kind, note: kind },
    });
  await act(clean.id, '2026-03-03', 'check_in');
  await act(risky.id, '2026-03-05', 'warning');
  await act(risky.id, '2026-03-06', 'violation');
  await t.app.inject({
    method: 'POST',
    url: '/api/safety-exception',
    headers: t.bearer(writer),
    payload: { name: 'Speeding', driver_id: risky.id, date: '2026-03-07', actions: '' },
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

describe('motivation programme', () => {
  it('pays the safe-driving bonus to a clean month and the on-time bonus per load (hand-computed)', async () => {
    const month = (await call('POST', '/motivation/show/2026-03', viewer)).json();
    const row = (id: number) => month.rows.find((r: { driver_id: number }) => r.driver_id === id);
    // Clean: 100 + 3 × 10 = $130, score 100.
    expect(row(clean.id)).toMatchObject({
      loads: 3,
      actions: 1,
      score: 100,
      safe_bonus: 100,
      on_time_bonus: 30,
      total: 130,
    });
    // Risky: no safe bonus, 1 × 10 = $10, score 100 − 10 − 25 − 10 = 55.
    expect(row(risky.id)).toMatchObject({
      loads: 1,
      warnings: 1,
      violations: 1,
      exceptions: 1,
      score: 55,
      safe_bonus: 0,
      on_time_bonus: 10,
      total: 10,
    });
    const sum = month.rows.reduce((s: number, r: { total: number }) => s + r.total, 0);
    expect(month.totals.total).toBeCloseTo(sum, 2);
    const april = (await call('POST', '/motivation/show/2026-04', viewer)).json();
    expect(april.rows.find((r: { driver_id: number }) => r.driver_id === risky.id)).toMatchObject({
      safe_bonus: 100,
      total: 100,
    });
  });

  it('answers the programme, the months list, and refuses a bad month or a caller without the section', async () => {
    const home = (await call('GET', '/motivation', viewer)).json();
    expect(home.rules).toMatchObject({ safe_bonus: 100, on_time_per_load: 10 });
    const list = (await call('POST', '/motivation/list', viewer, { months: 3 })).json();
    expect(list.months).toHaveLength(3);
    expect(list.months[2].month).toBe(home.month);
    expect((await call('POST', '/motivation/show/2026-13', viewer)).statusCode).toBe(422);
    expect((await call('POST', '/motivation/list', viewer, { months: 0 })).statusCode).toBe(422);
    expect((await call('POST', '/motivation/show/2026-03', writer)).statusCode).toBe(403);
  });
});
