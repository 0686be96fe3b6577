import { addDays } from '@backhaul/shared/formats/formats';
import { PAYMENT_ACCOUNTS, type PaymentMethod } from '@backhaul/shared/modules/payments/payments.contract';
import { DEFAULT_TERMS_DAYS } from '@backhaul/shared/modules/receivables-reports/receivables-reports.contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import type { Seeder } from '../../platform/seed/seed';
import { customers, moveCustomerBalances } from '../customers';
import { applyInvoiceAmounts, invoices } from '../invoices';
import { lostPayments, payments } from './payments.table';

const ACCOUNT_OF: Record<PaymentMethod, string> = {
  ACH: PAYMENT_ACCOUNTS[0],
  Wire: PAYMENT_ACCOUNTS[0],
  Card: PAYMENT_ACCOUNTS[0],
  Zelle: PAYMENT_ACCOUNTS[1],
  Check: PAYMENT_ACCOUNTS[2],
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
/** The middle one of three YYYY-MM-DD dates (a date held between two others; they compare as text). */
const between = (low: string, d: string, high: string) => [low, d, high].sort()[1] ?? d;

/**
 * Money received on the demo invoices, as a mid-size carrier's books look: most invoices past due
 * are paid (by ACH mostly, some checks and Zelle, a few in two parts), some partly with a
 * short-pay mistake, a few written off as a loss, and the rest still open so every aging bucket
 * has invoices. Runs after the invoices seeder; with no invoices it does nothing.
 */
export const paymentsSeeder: Seeder = {
  name: 'payments and lost payments',
  async run(ctx) {
    const { db, faker } = ctx;
    const rows = await db.select().from(invoices).where(gt(invoices.totalCents, 0)).orderBy(asc(invoices.id));
    if (!rows.length) return;
    const [clerk] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, 'accountant@backhaul.demo')));
    // Payment terms: the customers' own seeder (net 30 for every fifth) ran just before.
    const terms = new Map(
      (await db.select({ id: customers.id, days: customers.paymentTermsDays }).from(customers)).map((c) => [
        c.id,
        c.days ?? DEFAULT_TERMS_DAYS,
      ]),
    );
    const today = clock.today();
    const method = () =>
      faker.helpers.weightedArrayElement<PaymentMethod>([
        { value: 'ACH', weight: 50 },
        { value: 'Check', weight: 20 },
        { value: 'Zelle', weight: 15 },
        { value: 'Wire', weight: 10 },
        { value: 'Card', weight: 5 },
      ]);
    const noteOf = (m: PaymentMethod) =>
      m === 'Check'
        ? `Check #${faker.number.int({ min: 1000, max: 99999 })}`
        : m === 'ACH'
          ? `ACH remittance ${faker.string.alphanumeric({ length: 10, casing: 'upper' })}`
          : null;

    let posted = 0;
    for (const inv of rows) {
      const due = addDays(inv.periodTo, terms.get(inv.customerId) ?? DEFAULT_TERMS_DAYS);
      const age = daysBetween(due, today);
      const roll = faker.number.float({ min: 0, max: 1 });
      // Older invoices are mostly settled; recent ones mostly open.
      const paidShare = age > 60 ? 0.88 : age > 20 ? 0.6 : age > 0 ? 0.35 : 0.12;
      const outcome =
        roll < paidShare ? 'paid' : roll < paidShare + 0.06 ? 'partial' : age > 120 && roll > 0.97 ? 'loss' : 'open';
      if (outcome === 'open') continue;

      const left = inv.totalCents - inv.paidCents - inv.mistakeCents - inv.lossCents;
      if (left <= 0) continue;
      const payDay = (offset: number) => {
        return between(inv.periodTo, addDays(due, offset), today);
      };
      const parts: Array<{ cents: number; on: string }> = [];
      let mistake = 0;
      if (outcome === 'paid') {
        if (left > 200_000 && faker.datatype.boolean(0.3)) {
          const first = Math.round(left * faker.number.float({ min: 0.4, max: 0.6 }));
          parts.push({ cents: first, on: payDay(faker.number.int({ min: -12, max: 3 })) });
          parts.push({ cents: left - first, on: payDay(faker.number.int({ min: 4, max: 25 })) });
        } else {
          parts.push({ cents: left, on: payDay(faker.number.int({ min: -10, max: 18 })) });
        }
      } else if (outcome === 'partial') {
        mistake = Math.max(500, Math.round(left * faker.number.float({ min: 0.01, max: 0.04 })));
        parts.push({ cents: Math.max(0, left - mistake), on: payDay(faker.number.int({ min: -5, max: 20 })) });
      }

      // The seed loads a fresh database alone: no transaction needed around one invoice's postings.
      {
        const tx = db;
        let paid = 0;
        for (const part of parts) {
          if (part.cents <= 0) continue;
          const m = method();
          await tx.insert(payments).values({
            companyId: inv.companyId,
            invoiceId: inv.id,
            customerId: inv.customerId,
            paidOn: part.on,
            amountCents: part.cents,
            method: m,
            account: ACCOUNT_OF[m],
            employeeId: clerk?.id ?? null,
            note: noteOf(m),
          });
          paid += part.cents;
          posted++;
        }
        const lost =
          outcome === 'loss'
            ? { kind: 'loss', cents: left, note: 'Customer closed its authority; written off after collections.' }
            : mistake > 0
              ? {
                  kind: 'mistake',
                  cents: mistake,
                  note: 'Short paid: rate difference on one load, agreed with the customer.',
                }
              : null;
        if (lost) {
          await tx.insert(lostPayments).values({
            companyId: inv.companyId,
            invoiceId: inv.id,
            customerId: inv.customerId,
            lostOn: parts[0]?.on ?? between(inv.periodTo, due, today),
            kind: lost.kind,
            amountCents: lost.cents,
            employeeId: clerk?.id ?? null,
            note: lost.note,
          });
        }
        await applyInvoiceAmounts(tx, inv.id, {
          paidDelta: paid,
          ...(lost?.kind === 'mistake' ? { mistakeDelta: lost.cents } : {}),
          ...(lost?.kind === 'loss' ? { lossDelta: lost.cents } : {}),
        });
      }
    }
    // What a customer owes is what its invoices still ask for: the opening figures give way to it.
    const surplus = await rowsOf<{ id: number; cents: number }>(
      db,
      sql`select c.id, c.balance_cents - coalesce((select sum(i.total_cents - i.paid_cents - i.mistake_cents - i.loss_cents)
        from ${invoices} i where i.customer_id = c.id), 0) as cents from ${customers} c`,
    );
    await moveCustomerBalances(
      db,
      surplus.map((c) => ({ customerId: Number(c.id), cents: -Number(c.cents) })),
    );
    ctx.log(`payments: ${posted} on ${rows.length} invoices`);
  },
};
