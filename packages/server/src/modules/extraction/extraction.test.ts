import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION, SECTION } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { FILE_MSG } from '../../platform/files/file-rules';
import { extractFromText, findDate, findTime } from './extraction.rules';
import { EXTRACTION_MSG, extractRateConfirmation } from './extraction.service';
import type { PdfText } from './pdf-text';

const DIR = join(import.meta.dirname, '../../../test/fixtures/rate-confirmations');
type Expected = {
  broker: { name: string; mc: string | null };
  broker_number: string;
  stops: Array<{ type: 1 | 2; city: string; state: string; zip: string; date: string }>;
  rate: number;
  accessorials: Array<{ name: string; amount: number }>;
};
const FIXTURES = readdirSync(DIR)
  .filter((f) => f.endsWith('.expected.json'))
  .map((f) => {
    const name = f.replace('.expected.json', '');
    return {
      name,
      pdf: readFileSync(join(DIR, `${name}.pdf`)),
      expected: JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Expected,
    };
  });

describe('rate-confirmation rules', () => {
  it('has the four broker layouts', () => {
    expect(FIXTURES.map((f) => f.name).sort()).toEqual(['letter-style', 'multi-stop', 'table-style', 'two-column']);
  });

  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s: reads what the fixture says', async (_n, fixture) => {
    const got = await extractRateConfirmation(fixture.pdf);
    const want = fixture.expected;
    expect(got.broker.name).toBe(want.broker.name);
    expect(got.broker.mc).toBe(want.broker.mc);
    expect(got.broker_number).toBe(want.broker_number);
    expect(got.stops.map((s) => ({ type: s.type, city: s.city, state: s.state, zip: s.zip, date: s.date }))).toEqual(
      want.stops,
    );
    expect(got.pickups.map((s) => s.zip)).toEqual(want.stops.filter((s) => s.type === 1).map((s) => s.zip));
    expect(got.deliveries.map((s) => s.zip)).toEqual(want.stops.filter((s) => s.type === 2).map((s) => s.zip));
    expect(got.rate.total).toBe(want.rate);
    expect(got.gross).toBe(want.rate);
    expect(got.accessorials).toEqual(want.accessorials);
    expect(got.ai_status).toBe('extracted');
  });

  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s: confidences are sane', async (name, fixture) => {
    const { fields, stops } = await extractRateConfirmation(fixture.pdf);
    for (const [key, f] of Object.entries(fields)) {
      expect(f.confidence, key).toBeGreaterThanOrEqual(0);
      expect(f.confidence, key).toBeLessThanOrEqual(1);
      const missing = f.value === null || (Array.isArray(f.value) && f.value.length === 0);
      expect(missing ? f.confidence : 1, `${key} missing → 0`).toBe(missing ? 0 : 1);
    }
    // Labelled values are exact (0.9+); the letter's stops come from running text (inferred).
    expect(fields.broker_number?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(fields['rate.total']?.confidence).toBeGreaterThanOrEqual(0.9);
    expect(fields['broker.name']?.confidence).toBeGreaterThanOrEqual(0.5);
    const stopConfidence = name === 'letter-style' ? [0.5, 0.7] : [0.9, 1];
    for (const [i, s] of stops.entries()) {
      const key = `${s.type === 1 ? 'pickups' : 'deliveries'}.${stops.slice(0, i).filter((x) => x.type === s.type).length}`;
      expect(fields[`${key}.zip`]?.value).toBe(s.zip);
      expect(fields[`${key}.zip`]?.confidence).toBeGreaterThanOrEqual(stopConfidence[0] ?? 0);
      expect(fields[`${key}.zip`]?.confidence).toBeLessThanOrEqual(stopConfidence[1] ?? 1);
    }
  });

  it('the table layout keeps times and windows per stop, and the reference numbers', async () => {
    const got = await extractRateConfirmation(FIXTURES.find((f) => f.name === 'table-style')?.pdf ?? Buffer.alloc(0));
    expect(got.stops.map((s) => [s.facility, s.address, s.window, s.at])).toEqual([
      ['Front Range Foods', '4800 Dahlia St', '08:00-14:00', '2026-11-21 08:00'],
      ['Plains Grocers DC', '2100 S 13th St', null, '2026-11-22 06:00'],
    ]);
    expect(got.reference_numbers).toEqual([
      { label: 'Reference', value: 'PO 77812' },
      { label: 'Pro', value: '5521907' },
    ]);
    expect(got.broker).toMatchObject({ phone: '3035550142', email: 'dispatch@summitridgelogistics.com' });
  });

  it('the carrier’s own MC and phone are not taken for the broker’s', async () => {
    const got = await extractRateConfirmation(FIXTURES.find((f) => f.name === 'multi-stop')?.pdf ?? Buffer.alloc(0));
    expect(got.broker).toMatchObject({ mc: '615093', phone: '7175550123' });
  });

  it('a PDF that is no rate confirmation answers low confidences, not a crash', async () => {
    const got = await extractRateConfirmation(readFileSync(join(DIR, 'not-a-rate-confirmation.pdf')));
    expect(got.stops).toEqual([]);
    expect(got.rate.total).toBeNull();
    expect(got.broker_number).toBeNull();
    for (const [key, f] of Object.entries(got.fields)) expect(f.confidence, key).toBeLessThanOrEqual(0.3);
  });

  it('layout variants: inline labels, "Drop 1", field labels inside a block, USD totals, FSC, per-hour detention', () => {
    // Lines of cells at x positions, 14 pt apart: the text model pdf-text.ts produces.
    const doc = (rows: Array<Array<[number, string]>>): PdfText => ({
      pages: 1,
      width: 612,
      height: 792,
      lines: rows.map((cells, i) => ({
        page: 1,
        y: 60 + i * 14,
        text: cells.map(([, t]) => t).join('   '),
        cells: cells.map(([x, text]) => ({ page: 1, x, x2: x + text.length * 5, y: 60 + i * 14, size: 10, text })),
      })),
    });
    const got = extractFromText(
      doc([
        [[50, 'Brokered by: Lone Star Freight Partners']],
        [
          [50, 'Shipment ID: LSF-7731'],
          [300, 'MC 554433'],
        ],
        [[50, 'Shipper: Alamo Cold Storage']],
        [
          [50, '1 Market St'],
          [300, 'Pickup Date: 2026-12-01'],
        ],
        [[50, 'San Antonio TX 78205']],
        [[50, 'Pickup Date: 12/01/2026 0800-1400']],
        [],
        [],
        [
          [50, 'Drop 1'],
          [300, 'Drop 2'],
        ],
        [
          [50, 'Reno Foods, 12 Main St'],
          [300, 'Sparks Market'],
        ],
        [
          [50, 'Reno, NV 89502'],
          [300, 'Sparks, NV 89431'],
        ],
        [
          [50, 'Dec 3, 2026 FCFS'],
          [300, '12/04/26 9am-1pm'],
        ],
        [],
        [],
        [[50, 'Linehaul: 1500.00']],
        [[50, 'FSC: 210.00']],
        [[50, 'Detention: $50/hr after 2 hours free']],
        [[50, 'Total Rate: USD 1,710.00']],
      ]),
    );
    expect(got.broker).toMatchObject({ name: 'Lone Star Freight Partners', mc: '554433' });
    expect(got.broker_number).toBe('LSF-7731');
    expect(got.stops.map((s) => [s.type, s.facility, s.city, s.state, s.zip, s.date, s.window])).toEqual([
      [1, 'Alamo Cold Storage', 'San Antonio', 'TX', '78205', '2026-12-01', '08:00-14:00'],
      [2, 'Reno Foods', 'Reno', 'NV', '89502', '2026-12-03', 'FCFS'],
      [2, 'Sparks Market', 'Sparks', 'NV', '89431', '2026-12-04', '09:00-13:00'],
    ]);
    expect(got.rate).toEqual({ total: 1710, line_haul: 1500 });
    expect(got.accessorials).toEqual([{ name: 'Fuel Surcharge', amount: 210 }]);
    expect(got.fields['pickups.0.facility']?.confidence).toBe(0.7);
  });

  it('dates in several formats, times and windows', () => {
    expect(
      ['11/21/2026', '2026-11-21', 'Nov 21, 2026', 'November 21st, 2026', '21 Nov 2026', '11/21/26'].map(findDate),
    ).toEqual(Array(6).fill('2026-11-21'));
    expect(findDate('13/45/2026')).toBeNull();
    expect(findTime('08:00-14:00')).toEqual({ time: '08:00', window: '08:00-14:00' });
    expect(findTime('0800 - 1400')).toEqual({ time: '08:00', window: '08:00-14:00' });
    expect(findTime('8:00 AM to 2:00 PM')).toEqual({ time: '08:00', window: '08:00-14:00' });
    expect(findTime('Appt 1:30 pm')).toEqual({ time: '13:30', window: null });
    expect(findTime('FCFS')).toEqual({ time: null, window: 'FCFS' });
    expect(findTime('11/21/2026 Dallas, TX 75201')).toEqual({ time: null, window: null });
  });
});

describe('POST /trips/extract', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@backhaul.demo');
  });
  afterAll(() => t.close());

  const upload = (name: string, data: Buffer, token = admin) => {
    const boundary = '----backhaul-extract';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/trips/extract',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.bearer(token) },
    });
  };

  it('answers the pre-filled load of a rate confirmation', async () => {
    const fixture = FIXTURES.find((f) => f.name === 'two-column');
    const res = await upload('rate-con.pdf', fixture?.pdf ?? Buffer.alloc(0));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.broker_number).toBe('BH-90231');
    expect(body.pickups[0]).toMatchObject({ city: 'Nashville', state: 'TN', zip: '37207', date: '2026-11-23' });
    expect(body.deliveries[0]).toMatchObject({ city: 'Columbus', window: 'FCFS 08:00-16:00' });
    expect(body.rate.total).toBe(1875);
    expect(body.fields['broker.name']).toEqual({ value: 'Blue Heron Freight, Inc.', confidence: 0.95 });
  });

  it('the upload rules refuse a non-PDF', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const asPng = await upload('scan.png', png);
    expect(asPng.statusCode).toBe(422);
    expect(asPng.json().errors.file).toEqual([EXTRACTION_MSG.pdfOnly]);
    const text = await upload('load.txt', Buffer.from('Load #: 1'));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([FILE_MSG.badType]);
    const disguised = await upload('load.pdf', Buffer.from('Load #: 1 and no PDF at all'));
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors.file).toEqual([FILE_MSG.contentMismatch]);
  });

  it('a broken PDF is a 422 on the file, not a 500', async () => {
    const res = await upload('broken.pdf', Buffer.from('%PDF-1.4\nthis is not really a pdf\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([EXTRACTION_MSG.unreadable]);
  });

  it('needs Trips create/edit', async () => {
    const viewer = await t.createUser({
      email: 'extract-viewer@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
      ],
    });
    expect((await upload('rc.pdf', FIXTURES[0]?.pdf ?? Buffer.alloc(0), viewer.token)).statusCode).toBe(403);
  });
});
