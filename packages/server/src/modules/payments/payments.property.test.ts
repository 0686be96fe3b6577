/**
 * Money property (issue 11): whatever sequence of payments, lost payments (mistakes and losses),
 * reversals and bursts of parallel payments hits one invoice through the real API, what is collected
 * never exceeds what the invoice owes, and the invoice, its rows and the customer's balance agree.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { demoCustomers, makeInvoice, readBalance, readInvoice } from './payments.fixtures';
import { lostPayments, payments } from './payments.table';

let t: TestContext;
let accountant: string;
let customer: number;
beforeAll(async () => {
  t = await createTestApp();
  accountant = await t.login('accountant@backhaul.demo');
  customer = (await demoCustomers(t.db)).other;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(accountant), ...(payload ? { payload } : {}) });

/** Cents as the client sends dollars: a JSON number or a decimal text, both must count the same. */
const dollars = (cents: number, asText: boolean) =>
  asText ? `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` : cents / 100;

type Op =
  | { op: 'pay'; permille: number; asText: boolean }
  | { op: 'lost'; kind: 'mistake' | 'loss'; permille: number; asText: boolean }
  | { op: 'undoPayment'; pick: number }
  | { op: 'undoLost'; pick: number }
  | { op: 'burst'; permilles: number[] };

// Amounts as thousandths of the invoice total, up to 120 % so some must be refused.
const permille = fc.integer({ min: 1, max: 1200 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('pay' as const), permille, asText: fc.boolean() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('lost' as const),
      kind: fc.constantFrom('mistake' as const, 'loss' as const),
      permille,
      asText: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('undoPayment' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('undoLost' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('burst' as const),
      permilles: fc.array(permille, { minLength: 2, maxLength: 5 }),
    }),
  },
);

/** The invoice, its payment and lost rows, and what it still owes. */
async function stateOf(invoiceId: number) {
  const invoice = await readInvoice(t.db, invoiceId);
  const paid = await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
  const lost = await t.db.select().from(lostPayments).where(eq(lostPayments.invoiceId, invoiceId));
  const due = invoice.totalCents - invoice.paidCents - invoice.mistakeCents - invoice.lossCents;
  return { invoice, paid, lost, due };
}

const sum = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);

async function checkInvariants(invoiceId: number, balanceBefore: number) {
  const { invoice, paid, lost, due } = await stateOf(invoiceId);
  expect(invoice.paidCents).toBe(sum(paid));
  expect(invoice.mistakeCents).toBe(sum(lost.filter((l) => l.kind === 'mistake')));
  expect(invoice.lossCents).toBe(sum(lost.filter((l) => l.kind === 'loss')));
  expect(invoice.paidCents).toBeLessThanOrEqual(invoice.totalCents);
  expect(due).toBeGreaterThanOrEqual(0);
  expect((await readBalance(t.db, customer)) - balanceBefore).toBe(due);
  if (due === 0) expect(invoice.status).toBe('Paid');
  else expect(invoice.status).not.toBe('Paid');
  const screen = (await call('GET', `/payments/new/${invoiceId}`)).json();
  expect(Math.round(screen.due * 100)).toBe(due);
  expect(Math.round(screen.invoice.paid * 100)).toBe(invoice.paidCents);
}

describe('payments on one invoice, in any order', () => {
  it('never collect more than the invoice owes; invoice, rows and balance agree after every step', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 500_000 }),
        fc.array(opArb, { minLength: 1, maxLength: 8 }),
        async (totalCents, ops) => {
          const balanceBefore = await readBalance(t.db, customer);
          const invoiceId = await makeInvoice(t.db, {
            customerId: customer,
            totalCents,
            periodFrom: '2026-01-01',
            periodTo: '2026-01-31',
          });
          const cents = (p: number) => Math.max(1, Math.round((totalCents * p) / 1000));
          for (const step of ops) {
            const before = await stateOf(invoiceId);
            if (step.op === 'pay' || step.op === 'lost') {
              const amount = cents(step.permille);
              const body = { amount: dollars(amount, step.asText), date: '2026-02-02' };
              const res =
                step.op === 'pay'
                  ? await call('POST', `/payments/${invoiceId}`, { ...body, payment_method: 'Check' })
                  : await call('POST', '/lost-payment', { ...body, invoice_id: invoiceId, kind: step.kind });
              // Within what is due it is taken, to the cent; beyond it, a 422 on the amount.
              expect(res.statusCode).toBe(amount <= before.due ? 200 : 422);
              if (res.statusCode === 422) expect(Object.keys(res.json().errors)).toEqual(['amount']);
              else expect((await stateOf(invoiceId)).due).toBe(before.due - amount);
            } else if (step.op === 'undoPayment' || step.op === 'undoLost') {
              const rows = step.op === 'undoPayment' ? before.paid : before.lost;
              const row = rows[step.pick % Math.max(1, rows.length)];
              if (row) {
                const url = step.op === 'undoPayment' ? `/payments/${row.id}` : `/lost-payment/${row.id}`;
                expect((await call('DELETE', url)).statusCode).toBe(200);
                expect((await stateOf(invoiceId)).due).toBe(before.due + row.amountCents);
              }
            } else {
              const amounts = step.permilles.map(cents);
              const results = await Promise.all(
                amounts.map((a) =>
                  call('POST', `/payments/${invoiceId}`, {
                    amount: a / 100,
                    date: '2026-02-02',
                    payment_method: 'ACH',
                  }),
                ),
              );
              const taken = amounts.filter((_, i) => results[i]?.statusCode === 200);
              const refused = amounts.filter((_, i) => results[i]?.statusCode === 422);
              expect(taken.length + refused.length).toBe(amounts.length);
              const after = await stateOf(invoiceId);
              expect(after.due).toBe(before.due - taken.reduce((s, a) => s + a, 0));
              // Taken one at a time under the row lock: each refused amount was more than was then due.
              for (const r of refused) expect(r).toBeGreaterThan(after.due);
            }
            await checkInvariants(invoiceId, balanceBefore);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 180_000);
});
