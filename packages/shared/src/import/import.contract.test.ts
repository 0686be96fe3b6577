import { describe, expect, it } from 'vitest';
import {
  checkImportRows,
  defineImport,
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
