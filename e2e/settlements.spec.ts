import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { pdfText } from '../packages/server/test/pdf-text';
import { EMPTY_FUEL_FORM } from '../packages/shared/src/modules/driver-pay/fuel.contract';
import { EMPTY_DRIVER_FORM } from '../packages/shared/src/modules/drivers/drivers.contract';
import { apiLogin, closeVersionPopup, SHOTS, signInWithStorage, USERS } from './helpers';

// Settlements (issue 28): the accountant settles a company driver's week and an owner-operator's
// week side by side; the owner-operator's week goes negative and is carried into the next one,
// where a load delivered late in the first week is paid, marked with the week it was earned in;
// the escrow balance is on the statement and on its PDF. The data is made here through the API,
// on fixed past weeks, for two new drivers: nothing leans on the demo's rows.

mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
/**
 * A statement as the 1440×900 window shows it (once the save's alert has cleared, 4 s), and the
 * whole dialog in a taller window.
 */
async function shotStatement(page: Page, name: string) {
  await expect(page.getByTestId('alert')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, name);
  await page.setViewportSize({ width: 1440, height: 2200 });
  await page
    .getByRole('dialog', { name: /driver statement #\d+/ })
    .screenshot({ path: join(SHOTS, `${name}-full.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
}

// Two past weeks, Sunday to Saturday.
const W1 = { date_from: '2026-10-04', date_to: '2026-10-10' };
const W2 = { date_from: '2026-10-11', date_to: '2026-10-17' };

type Auth = { authorization: string };
async function call(request: APIRequestContext, headers: Auth, url: string, data: object) {
  const res = await request.post(`/api${url}`, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

test('accountant: a company driver and an owner-operator settled side by side, a negative week carried, a late load, escrow on the PDF', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const admin = { authorization: `Bearer ${(await apiLogin(page.request, USERS.admin)).access_token}` };
  const accountant = { authorization: `Bearer ${(await apiLogin(page.request, USERS.accountant)).access_token}` };
  const stamp = Date.now().toString(36);
  const phone = (n: number) => `773${String(Date.now() + n).slice(-7)}`;

  // Drivers and their contracts (the drivers registry: the administrator).
  const newDriver = async (name: string, driverType: string, paymentType: string, amount: string, n: number) =>
    (
      await call(page.request, admin, '/drivers/new', {
        ...EMPTY_DRIVER_FORM,
        driver: name,
        phone: phone(n),
        driver_type: driverType,
        service: 'dispatch',
        payment_type: paymentType,
        amount,
      })
    ).driver.id as number;
  const company = { name: `E2E Company ${stamp}`, id: 0 };
  const owner = { name: `E2E Owner ${stamp}`, id: 0 };
  company.id = await newDriver(company.name, 'company', 'per_mile', '0.575', 1);
  owner.id = await newDriver(owner.name, 'owner_operator', 'percent', '85', 2);
  const contract = { starts_on: '2026-01-01', ends_on: '', terms: '', file_id: null, pay_basis: 'delivery' };
  await call(page.request, admin, `/drivers/setContract/${company.id}`, {
    ...contract,
    contract_type: 'per_mile',
    rate: '0.575',
    fuel_paid_by: '',
    fsc_pass_through: false,
  });
  await call(page.request, admin, `/drivers/setContract/${owner.id}`, {
    ...contract,
    contract_type: 'percent',
    rate: '85',
    fuel_paid_by: '',
    fsc_pass_through: true,
  });

  // Trips (dispatch: the administrator), each load picked up at 06:00 and delivered at 15:00 on its day.
  const { filters } = await call(page.request, admin, '/trips/filters', {});
  const trip = (
    driverId: number,
    day: string,
    load: { gross: string; loaded: number; empty?: number; lumper?: string; fsc?: string },
  ) =>
    call(page.request, admin, '/trips/update/0', {
      customer_id: filters.customers[0].value,
      dispatcher_id: filters.dispatchers[0].value,
      driver_id: driverId,
      loads: [
        {
          gross: load.gross,
          lumper: load.lumper ?? '0',
          fuel_surcharge: load.fsc ?? '0',
          mileage_loaded: load.loaded,
          mileage_empty: load.empty ?? 0,
          stops: [
            { type: 1, city: 'Joliet', state: 'IL', zip: '60431', at: `${day} 06:00` },
            { type: 2, city: 'Columbus', state: 'OH', zip: '43215', at: `${day} 15:00` },
          ],
        },
      ],
    });
  await trip(company.id, '2026-10-06', { gross: '1650', loaded: 612, empty: 88 });
  await trip(owner.id, '2026-10-06', { gross: '3200', loaded: 640, lumper: '150', fsc: '350' });

  // Fuel, the truck lease and the escrow fund (accounting: the accountant).
  const fuel = (driverId: number, day: string, gallons: string, amount: string, invoice: string) =>
    call(page.request, accountant, '/fuel', {
      ...EMPTY_FUEL_FORM,
      card: '70831234',
      fuel_date: day,
      invoice: `${invoice}-${stamp}`,
      driver_id: driverId,
      location: 'Pilot #0382',
      city: 'Effingham',
      state: 'IL',
      gallons,
      amount,
    });
  await fuel(company.id, '2026-10-07', '72.500', '287.40', 'CO1');
  await fuel(owner.id, '2026-10-07', '155.200', '612.35', 'OO1');
  await call(page.request, accountant, '/scheduled-payments', {
    driver_id: owner.id,
    customer_id: null,
    payment_type: 'deduction',
    frequency: 'weekly',
    amount: '425',
    start_date: '2026-10-05',
    count: 8,
    description: 'Truck lease',
  });
  await call(page.request, accountant, '/escrow-accounts', {
    driver_id: owner.id,
    target: '2000',
    deposit: '150',
    interest_rate: '0',
    opened_on: '2026-10-01',
    closed_on: '',
    note: 'Lease § 9: $150 a week until $2,000',
  });

  await signInWithStorage(page, USERS.accountant);
  await page.goto('/accounting/drivers-statements');
  await closeVersionPopup(page);
  await expect(page.getByTestId('table-row').first()).toBeVisible({ timeout: 30_000 });
  const editor = page.getByTestId('statement-editor');
  const newStatement = async (driver: string, period: typeof W1) => {
    await page.getByTestId('table-create').click();
    const create = page.getByTestId('statement-create');
    await create.getByTestId('field-driver_id').fill(driver);
    await page.getByRole('option', { name: driver, exact: true }).click();
    for (const f of ['date_from', 'date_to'] as const) {
      await create.getByTestId(`field-${f}`).fill(period[f]);
      await create.getByTestId(`field-${f}`).press('Tab');
    }
    await create.getByTestId('record-save').click();
    await expect(editor).toBeVisible({ timeout: 20_000 });
    await expect(editor.getByTestId('statement-summary')).toContainText(driver);
  };
  const rows = (id: string) => editor.getByTestId(`${id}-row`);
  const only = async (list: Locator, ...texts: string[]) => {
    await expect(list).toHaveCount(1);
    for (const t of texts) await expect(list).toContainText(t);
  };

  // 1. The company driver's week: per mile, 612 + 88 = 700 mi × $0.575 = $402.50. His fuel is
  //    offered under Available, not taken: the company bears it.
  await newStatement(company.name, W1);
  await only(rows('trips-selected'), '700 mi × $0.575', '$402.50');
  await only(rows('fuel-available'), '-$287.40');
  await expect(rows('fuel-selected')).toHaveCount(0);
  await expect(rows('scheduled-selected')).toHaveCount(0);
  await expect(rows('additional-selected')).toHaveCount(0);
  await expect(editor.getByTestId('statement-amount')).toHaveText('$402.50');
  await expect(editor.getByTestId('statement-total')).toHaveText('Amount after saving: $402.50');
  await expect(editor.getByTestId('statement-escrow')).toHaveCount(0);
  await shotStatement(page, 'settlement-company-driver-week');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  // 2. The owner-operator's week: 85 % of the line haul, $3,200 less the $150 lumper and the $350
  //    fuel surcharge (passed through) = $2,700 × 85 % = $2,295.00; his fuel −$612.35, the lease
  //    −$425.00 and the escrow deposit −$150.00 taken: 2,295.00 − 612.35 − 425.00 − 150.00 = $1,107.65.
  await newStatement(owner.name, W1);
  await only(rows('trips-selected'), '85% of $2,700.00 line haul (less lumper and fuel surcharge)', '$2,295.00');
  await only(rows('fuel-selected'), '-$612.35');
  await expect(rows('fuel-available')).toHaveCount(0);
  await only(rows('scheduled-selected'), 'Truck lease', '1 of 8, weekly', '-$425.00');
  await only(rows('additional-selected'), 'Escrow deposit', '-$150.00');
  await expect(editor.getByTestId('statement-amount')).toHaveText('$1,107.65');
  await expect(editor.getByTestId('statement-escrow')).toHaveText('$150.00 of $2,000.00 · deposit $150.00');
  await shotStatement(page, 'settlement-owner-operator-week');

  // 3. A roadside repair the company advanced makes the week negative: 1,107.65 − 1,850.00 = −$742.35.
  const addition = editor.getByTestId('addition-form');
  await addition.getByTestId('field-date').fill('2026-10-08');
  await addition.getByTestId('field-date').press('Tab');
  await addition.getByTestId('field-amount').fill('1850');
  await addition.getByTestId('field-description').fill('Roadside engine repair advanced by the company');
  await addition.getByTestId('addition-save').click();
  await expect(editor.getByTestId('statement-additions')).toContainText('Roadside engine repair');
  await expect(editor.getByTestId('statement-amount')).toHaveText('-$742.35');
  await editor.getByTestId('statement-close').click();
  await page.getByTestId('confirm-close').click();
  await expect(page.getByRole('dialog', { name: /^View driver statement/ })).toBeVisible({ timeout: 15_000 });
  // Owed by the driver, never Paid: nothing to pay, the balance waits for the next week.
  await expect(editor.getByTestId('statement-paid-status')).toHaveText('Owed by driver');
  await expect(editor.getByTestId('statement-summary')).toContainText(/Driver owes\s*\$742\.35/);
  await expect(editor.getByTestId('pay-form')).toHaveCount(0);
  await expect(editor.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(editor.getByTestId('statement-lines')).toContainText(/Total\s*-\$742\.35/);
  await shotStatement(page, 'settlement-owner-operator-owed');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // 4. After the first week's statement: a load delivered in that week ($1,100 × 85 % = $935.00),
  //    the second week's load ($2,400 less $200 surcharge = $2,200 × 85 % = $1,870.00) and fuel.
  await trip(owner.id, '2026-10-09', { gross: '1100', loaded: 300 });
  await trip(owner.id, '2026-10-13', { gross: '2400', loaded: 520, fsc: '200' });
  await fuel(owner.id, '2026-10-14', '112.400', '450.00', 'OO2');

  // 5. The next week: both loads, the late one marked with the week it was earned in; the carried
  //    balance chosen; the escrow grows to $300.00.
  //    1,870.00 + 935.00 − 450.00 − 425.00 − 150.00 − 742.35 = $1,037.65.
  await newStatement(owner.name, W2);
  const trips = rows('trips-selected');
  await expect(trips).toHaveCount(2);
  const late = trips.filter({ has: page.getByTestId('line-earned') });
  await only(late, '2026-10-09', '$935.00');
  await expect(late.getByTestId('line-earned')).toHaveText('earned 10-04 – 10-10');
  await only(trips.filter({ hasNotText: 'earned' }), '2026-10-13', '$1,870.00');
  await only(rows('fuel-selected'), '-$450.00');
  await only(rows('scheduled-selected'), 'Truck lease', '2 of 8, weekly', '-$425.00');
  const additional = rows('additional-selected');
  await expect(additional).toHaveCount(2);
  const carried = additional.filter({ hasText: 'Carried balance' });
  await only(carried, 'Owed by driver: balance of statement #', '2026-10-04 – 2026-10-10', '-$742.35');
  await expect(carried.getByTestId('line-earned')).toHaveText('earned 10-04 – 10-10');
  await only(additional.filter({ hasText: 'Escrow deposit' }), '-$150.00');
  await expect(rows('additional-available')).toHaveCount(0);
  await expect(editor.getByTestId('statement-amount')).toHaveText('$1,037.65');
  await expect(editor.getByTestId('statement-escrow')).toHaveText('$300.00 of $2,000.00 · deposit $150.00');
  await shotStatement(page, 'settlement-owner-operator-next-week');

  // 6. The statement's PDF, as Send mails it: the escrow balance line is on it.
  const [download] = await Promise.all([page.waitForEvent('download'), editor.getByTestId('statement-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^driver-statement-\d+\.pdf$/);
  const file = join(SHOTS, 'settlement-owner-operator-next-week.pdf');
  await download.saveAs(file);
  const text = (await pdfText(readFileSync(file))).replace(/\s+/g, ' ');
  expect(text).toMatch(/Escrow balance: \$300\.00 of \$2,000\.00/);
  expect(text).toContain('Statement amount: $1,037.65');
  expect(text).toContain('(earned 2026-10-04 – 2026-10-10)');
  // Rendered to PNG beside it (poppler's pdftoppm, when the machine has it), to be looked at.
  try {
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', file, file.replace(/\.pdf$/, '')]);
  } catch {
    // No poppler here: the PDF alone is kept.
  }
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // The list: the first week's balance is carried, the three statements side by side.
  await page.getByTestId('table-search').fill(stamp);
  await page.getByTestId('table-search').press('Enter');
  const listed = page.getByTestId('table-row');
  await expect(listed).toHaveCount(3);
  await expect(listed.filter({ hasText: owner.name }).filter({ hasText: 'Carried' })).toContainText('-$742.35');
  await expect(listed.filter({ hasText: company.name })).toContainText('$402.50');
  // The amounts and statuses sit right of the driver: the list scrolled to them.
  await page.getByRole('gridcell', { name: '-$742.35', exact: true }).first().scrollIntoViewIfNeeded();
  await shot(page, 'settlement-statements-list');
});
