import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_MSG, dateSchema } from '../schemas/dates';
import { moneySchema, optionalMoneySchema } from '../schemas/money';
import {
  checkImportRows,
  defineImport,
  formColumns,
  importCell,
  mapHeadings,
  missingColumns,
  parseImportDate,
  parseImportNumber,
} from './import.contract';

const FUEL = defineImport({
  card: {
    label: 'Card',
    aliases: ['card number', 'card #'],
    required: true,
    schema: importCell.text('card', { required: true }),
  },
  fuel_date: { label: 'Fuel date', aliases: ['date', 'tran date'], required: true, schema: importCell.date('date') },
  gallons: { label: 'Gallons', aliases: ['qty'], schema: importCell.number('gallons') },
  amount: { label: 'Amount', schema: importCell.money('amount', { required: true }) },
  invoice: {
    label: 'Invoice',
    schema: importCell.text('invoice'),
    unique: { inFile: 'Twice in the file.', existing: 'Already imported.' },
  },
});

describe('import declarations', () => {
  it('maps headings by label, key or alias, ignoring case, spaces, - and _', () => {
    const { index, ignored } = mapHeadings(FUEL, [
      'CARD #',
      ' Tran-Date ',
      'Station',
      'QTY',
      'fuel_date',
      '',
      'amount',
    ]);
    expect(Object.fromEntries(index)).toEqual({ card: 0, fuel_date: 1, gallons: 3, amount: 6 });
    expect(ignored).toEqual(['Station']);
    expect(missingColumns(FUEL, index)).toEqual([]);
    expect(missingColumns(FUEL, mapHeadings(FUEL, ['Card', 'Amount']).index)).toEqual(['Fuel date']);
  });

  it('reads dates and numbers the way spreadsheets write them', () => {
    expect(parseImportDate('2026-03-01')).toBe('2026-03-01');
    expect(parseImportDate('2026-03-01 14:30')).toBe('2026-03-01');
    expect(parseImportDate('3/1/2026')).toBe('2026-03-01');
    expect(parseImportDate('03/01/26')).toBe('2026-03-01');
    expect(parseImportDate('2026-02-30')).toBeNull();
    expect(parseImportDate('13/01/2026')).toBeNull();
    expect(parseImportNumber('$1,234.50')).toBe(1234.5);
    expect(parseImportNumber('(12.00)')).toBe(-12);
    expect(parseImportNumber('-.5')).toBe(-0.5);
    expect(parseImportNumber('12a')).toBeNull();
  });

  it('checks rows: the first message per field, unique values in the file and among existing ones', () => {
    const row = (n: number, invoice: string, amount = '10.00') => ({
      row: n,
      card: '7083',
      fuel_date: '3/1/2026',
      gallons: '',
      amount,
      invoice,
    });
    const { errors, accepted } = checkImportRows(
      FUEL,
      [row(2, 'A1', '$52.10'), row(3, 'A1'), row(4, 'B7'), row(5, 'C9', ''), row(6, '')],
      { invoice: new Set(['B7']) },
    );
    expect(errors).toEqual([
      { row: 3, field: 'invoice', message: 'Twice in the file.' },
      { row: 4, field: 'invoice', message: 'Already imported.' },
      { row: 5, field: 'amount', message: 'The amount field is required.' },
    ]);
    expect(accepted).toEqual([
      { row: 2, values: { card: '7083', fuel_date: '2026-03-01', gallons: null, amount: 5210, invoice: 'A1' } },
      { row: 6, values: { card: '7083', fuel_date: '2026-03-01', gallons: null, amount: 1000, invoice: '' } },
    ]);
  });

  it('bounds the rows a save may carry and the text of a cell', () => {
    expect(FUEL.saveBodySchema.safeParse({ rows: [] }).success).toBe(false);
    const long = { row: 2, card: 'x'.repeat(1001) };
    expect(FUEL.rowSchema.safeParse(long).success).toBe(false);
    expect(FUEL.rowSchema.parse({ row: 2, card: '1' })).toEqual({
      row: 2,
      card: '1',
      fuel_date: '',
      gallons: '',
      amount: '',
      invoice: '',
    });
  });
});

describe('columns checked by the form', () => {
  const Form = z.object({
    card: z.string().trim().min(1, 'Enter the card number.').max(8, 'The card may not be greater than 8 characters.'),
    on: dateSchema(),
    amount: moneySchema({ label: 'amount', max: 1000 }),
    fees: optionalMoneySchema({ label: 'fees', max: 100 }),
    currency: z.enum(['USD', 'CAD'], 'Choose USD or CAD.').default('USD'),
    note: z.string().default(''),
  });
  const IMPORT = defineImport({
    ...formColumns(Form, {
      card: { label: 'Card', required: true },
      on: { label: 'Date', cell: 'date' },
      amount: { label: 'Amount', cell: 'number' },
      fees: { label: 'Fees', cell: 'number' },
      currency: { label: 'Currency', cell: 'choice' },
    }),
    driver: { label: 'Driver', schema: importCell.text('driver', { max: 20 }) },
  });
  const row = (n: number, cells: Partial<Record<string, string>>) => ({
    row: n,
    card: '7083',
    on: '3/1/2026',
    amount: '$1,000.00',
    fees: '',
    currency: '',
    driver: 'Pat',
    ...cells,
  });

  it("reads the sheet's spellings, then gives the form's values: cents, dates, the form's defaults", () => {
    const { errors, accepted } = checkImportRows(IMPORT, [row(2, {}), row(3, { amount: '(12.50)', currency: 'CAD' })]);
    expect(errors).toEqual([{ row: 3, field: 'amount', message: 'The amount cannot be negative.' }]);
    expect(accepted).toEqual([
      {
        row: 2,
        values: { card: '7083', on: '2026-03-01', amount: 100000, fees: null, currency: 'USD', driver: 'Pat' },
      },
    ]);
    // The form's own schema takes the same values from a typed form.
    expect(Form.parse({ card: '7083', on: '2026-03-01', amount: '1000.00', fees: '' })).toMatchObject({
      amount: 100000,
      fees: null,
      currency: 'USD',
    });
  });

  it("refuses what the form refuses, with the form's words, field by field", () => {
    const bad: [Partial<Record<string, string>>, string, string][] = [
      [{ amount: '1000.01' }, 'amount', 'The amount may not be greater than 1,000.'],
      [{ amount: '1.005' }, 'amount', 'The amount has at most 2 decimals.'],
      [{ amount: '12345678901234567890' }, 'amount', 'The amount may not be greater than 1,000.'],
      [{ amount: '1e+22' }, 'amount', 'Enter the amount in dollars, e.g. 1234.50.'],
      [{ amount: '0x10' }, 'amount', 'Enter the amount in dollars, e.g. 1234.50.'],
      [{ amount: '' }, 'amount', 'Enter the amount in dollars, e.g. 1234.50.'],
      [{ fees: '100.001' }, 'fees', 'The fees has at most 2 decimals.'],
      [{ currency: 'XYZ' }, 'currency', 'Choose USD or CAD.'],
      [{ on: '2200-01-01' }, 'on', DATE_MSG.years],
      [{ on: '12/31/1899' }, 'on', DATE_MSG.years],
      [{ on: '2026-02-30' }, 'on', DATE_MSG.noSuchDate],
      [{ on: 'soon' }, 'on', DATE_MSG.format],
      [{ card: '' }, 'card', 'Enter the card number.'],
      [{ card: '123456789' }, 'card', 'The card may not be greater than 8 characters.'],
    ];
    for (const [cells, field, message] of bad) {
      const { errors, accepted } = checkImportRows(IMPORT, [row(5, cells)]);
      expect(errors, JSON.stringify(cells)).toEqual([{ row: 5, field, message }]);
      expect(accepted).toEqual([]);
    }
    // The same words as the typed form's.
    expect(Form.shape.amount.safeParse('1.005').error?.issues[0]?.message).toBe('The amount has at most 2 decimals.');
    expect(Form.shape.currency.safeParse('XYZ').error?.issues[0]?.message).toBe('Choose USD or CAD.');
  });

  it('refuses a column that names no field of the form', () => {
    expect(() => formColumns(Form, { nothing: { label: 'Nothing' } } as never)).toThrow(/no field nothing/);
  });
});

describe('cells with their own rules', () => {
  const IMPORT = defineImport({
    budget: { label: 'Budget', schema: importCell.money('budget') },
    count: { label: 'Count', schema: importCell.integer('count') },
    share: { label: 'Share', schema: importCell.number('share', { max: 100 }) },
    opened: { label: 'Opened', schema: importCell.date('opening date') },
  });
  const messages = (cells: Record<string, string>) =>
    checkImportRows(IMPORT, [{ row: 2, budget: '', count: '', share: '', opened: '', ...cells }]).errors.map(
      (e) => `${e.field}: ${e.message}`,
    );

  it('keep amounts to 2 decimals, numbers to a range and dates to the years every date field takes', () => {
    expect(messages({ budget: '1.005' })).toEqual(['budget: The budget has at most 2 decimals.']);
    expect(messages({ budget: '12345678901234567890' })).toEqual([
      'budget: The budget may not be greater than 10,000,000.',
    ]);
    expect(messages({ budget: '1e3' })).toEqual(['budget: The budget is an amount in dollars.']);
    expect(messages({ count: '12345678901234567890' })).toEqual([
      'count: The count may not be greater than 1,000,000,000.',
    ]);
    expect(messages({ count: '0x10' })).toEqual(['count: The count is a whole number.']);
    expect(messages({ share: '100.5' })).toEqual(['share: The share may not be greater than 100.']);
    expect(messages({ share: '-101' })).toEqual(['share: The share may not be less than -100.']);
    expect(messages({ opened: '2200-01-01' })).toEqual([`opened: ${DATE_MSG.years}`]);
    expect(messages({ budget: '(250.00)', count: '7', share: '12.5', opened: '03/01/26' })).toEqual([]);
    expect(
      checkImportRows(IMPORT, [{ row: 2, budget: '(250.00)', count: '7', share: '', opened: '' }]).accepted,
    ).toEqual([{ row: 2, values: { budget: -25000, count: 7, share: null, opened: null } }]);
  });
});
