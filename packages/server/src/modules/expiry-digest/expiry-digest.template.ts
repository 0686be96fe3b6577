import type { RenderedMail } from '../../platform/mail/templates';

/** One line of the digest: what (kind), whose (unit), when, and how many days from today. */
export type DigestItem = {
  kind: string;
  unit: string;
  detail: string | null;
  dueOn: string;
  days: number;
  /** The record it belongs to, so a screen can open it. */
  entity: 'driver' | 'truck' | 'trailer';
  entityId: number;
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** "Overdue by 3 days", "Due today", "Due in 12 days". */
export function dueLabel(days: number): string {
  if (days < 0) return `Overdue by ${-days} day${days === -1 ? '' : 's'}`;
  if (days === 0) return 'Due today';
  return `Due in ${days} day${days === 1 ? '' : 's'}`;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));

/** The daily expiry digest for safety users: a text table and an HTML table with the same rows. */
export function expiryDigestMail(opts: {
  company: string;
  recipient: string;
  today: string;
  items: DigestItem[];
}): RenderedMail {
  const overdue = opts.items.filter((i) => i.days < 0).length;
  const due = opts.items.length - overdue;
  const summary = `${overdue} overdue and ${due} due within 30 days as of ${opts.today}.`;
  const rows = opts.items.map((i) => ({
    state: dueLabel(i.days),
    kind: i.kind,
    unit: i.detail ? `${i.unit} (${i.detail})` : i.unit,
    date: i.dueOn,
    overdue: i.days < 0,
  }));
  const widths = {
    date: 10,
    state: Math.max(6, ...rows.map((r) => r.state.length)),
    kind: Math.max(4, ...rows.map((r) => r.kind.length)),
  };
  const text = [
    `Hello ${opts.recipient},`,
    '',
    summary,
    '',
    `${pad('Date', widths.date)}  ${pad('Status', widths.state)}  ${pad('What', widths.kind)}  Unit`,
    ...rows.map(
      (r) => `${pad(r.date, widths.date)}  ${pad(r.state, widths.state)}  ${pad(r.kind, widths.kind)}  ${r.unit}`,
    ),
    '',
    `Best regards,\n${opts.company}`,
  ].join('\n');
  const cell = 'padding:4px 8px;border:1px solid #ccc;text-align:left';
  const html = [
    `<p>Hello ${escapeHtml(opts.recipient)},</p>`,
    `<p>${escapeHtml(summary)}</p>`,
    '<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px">',
    `<thead><tr>${['Date', 'Status', 'What', 'Unit'].map((h) => `<th style="${cell};background:#eee">${h}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map(
      (r) =>
        `<tr${r.overdue ? ' style="color:#b00020"' : ''}>${[r.date, r.state, r.kind, r.unit]
          .map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`)
          .join('')}</tr>`,
    ),
    '</tbody></table>',
    `<p>Best regards,<br>${escapeHtml(opts.company)}</p>`,
  ].join('');
  return {
    subject: `Expiry digest ${opts.today}: ${overdue} overdue, ${due} due within 30 days`,
    text,
    html,
    template: 'expiry-digest',
  };
}
