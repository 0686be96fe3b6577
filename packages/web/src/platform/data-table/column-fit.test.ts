import type { ColumnMeta } from '@backhaul/shared';
import { describe, expect, it } from 'vitest';
import { type FitColumn, fitColumns } from './column-fit';
import { contentWidth, defaultWidth } from './column-layout';
import { ACTIONS_WIDTH } from './row-actions';

const meta = (
  id: string,
  title: string,
  format: ColumnMeta['format'],
  priority: number,
  clip: number | null = null,
): ColumnMeta => ({
  id,
  title,
  filter: 'note',
  sortable: true,
  footer: null,
  dollar: format === 'money',
  miles: false,
  hidden: false,
  clip,
  align: format === 'money' ? 'right' : 'left',
  format,
  priority,
});

/** Customer invoices as the server declares them (invoices.list.ts): visible columns, in order. */
const INVOICES = [
  meta('invoice_id', 'Invoice', 'id', 1),
  meta('number', 'Number', 'text', 6),
  meta('status', 'Status', 'text', 2),
  meta('service', 'Service', 'text', 5),
  meta('customer', 'Customer', 'text', 2, 32),
  meta('from', 'From', 'date', 5),
  meta('to', 'To', 'date', 4),
  meta('generated', 'Generated', 'text', 6),
  meta('total_check', 'Total', 'money', 2),
  meta('pay_amount', 'Paid', 'money', 2),
  meta('need_pay_amount', 'Need to pay', 'money', 2),
  meta('mistake', 'Mistake', 'money', 5),
  meta('loss', 'Loss', 'money', 5),
  meta('invoice_status', 'Payment status', 'text', 3),
];
const asFit = (columns: readonly ColumnMeta[]): FitColumn[] =>
  columns.map((m) => ({ id: m.id, width: defaultWidth(m), priority: m.priority }));

// The table's box at each screen size: the window less the menu (260), the page's padding (2 × 20),
// the frame (2) and the vertical scroll bar (15); the row menu's column comes off too.
const AT_1440 = 1440 - 260 - 40 - 2 - 15 - ACTIONS_WIDTH;
const AT_1280 = 1280 - 260 - 40 - 2 - 15 - ACTIONS_WIDTH;

describe('fitting columns to the screen', () => {
  it('Customer invoices at 1440×900: the money, status and customer stay; detail yields', () => {
    const widths = asFit(INVOICES);
    // 14 columns need 2,000 px: far more than the 1,075 px there are.
    expect(widths.reduce((w, c) => w + c.width, 0)).toBe(2000);
    const { shown, hidden } = fitColumns(widths, AT_1440);
    expect(shown).toEqual([
      'invoice_id',
      'status',
      'customer',
      'total_check',
      'pay_amount',
      'need_pay_amount',
      'invoice_status',
    ]);
    // Least important first, the rightmost first among equals.
    expect(hidden).toEqual(['generated', 'number', 'loss', 'mistake', 'from', 'service', 'to']);
  });

  it('Customer invoices at 1280×720: Payment status yields too; Customer, Total, Paid and Need to pay stay', () => {
    const { shown } = fitColumns(asFit(INVOICES), AT_1280);
    expect(shown).toEqual(['invoice_id', 'status', 'customer', 'total_check', 'pay_amount', 'need_pay_amount']);
  });

  it('the first column and columns kept by the user never yield; the table then scrolls', () => {
    const columns: FitColumn[] = [
      { id: 'name', width: 300, priority: 9 },
      { id: 'kept', width: 300, priority: 9, always: true },
      { id: 'money', width: 300, priority: 1 },
    ];
    expect(fitColumns(columns, 500)).toEqual({ shown: ['name', 'kept'], hidden: ['money'] });
  });

  it('a narrow column that yielded comes back when a wider, more important one had to go', () => {
    const columns: FitColumn[] = [
      { id: 'id', width: 100, priority: 1 },
      { id: 'note', width: 60, priority: 6 },
      { id: 'route', width: 400, priority: 5 },
      { id: 'gross', width: 120, priority: 2 },
    ];
    // 680 px in 400: the note (60) goes first, then the route (400); then the note fits again.
    expect(fitColumns(columns, 400)).toEqual({ shown: ['id', 'note', 'gross'], hidden: ['route'] });
    expect(fitColumns(columns, 700)).toEqual({ shown: ['id', 'note', 'route', 'gross'], hidden: [] });
  });
});

describe('numeric columns are as wide as their figures', () => {
  it('money is never cut: the longest figure on the page sets the width', () => {
    const total = meta('total', 'Total', 'money', 2);
    // "$1,234,567.89": 13 characters × 8.2 + 26 = 133 px, wider than the 114 px default.
    expect(contentWidth(total, ['$475.00', '$1,234,567.89'])).toBe(133);
    expect(contentWidth(total, [])).toBe(0);
    expect(contentWidth(meta('name', 'Name', 'text', 4), ['A very long customer name'])).toBe(0);
  });
});
