import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACTION, SECTION } from '@backhaul/shared';
import type { ExtractedLoad } from '@backhaul/shared/modules/extraction/extraction.contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import {
  accuracy,
  type Check,
  CORPUS_DIR,
  loadCorpus,
  scoreDocument,
} from '../../../test/fixtures/rate-confirmations/corpus';
import { phonePhoto, scannedPdf } from '../../../test/fixtures/rate-confirmations/scans';
import { createTestApp, type TestContext } from '../../../test/harness';
import { FILE_MSG } from '../../platform/files/file-rules';
import { chargesOfLine } from './charges.rules';
import { extractFromText } from './extraction.rules';
import { EXTRACTION_MSG, extractRateConfirmation } from './extraction.service';
import { normalizeEquipment } from './freight.rules';
import { closeOcr } from './ocr';
import type { PdfText } from './pdf-text';
import { findDate, findWhen } from './when.rules';

const CORPUS = loadCorpus();
const pdfOf = (name: string) => CORPUS.find((d) => d.name === name)?.pdf ?? Buffer.alloc(0);

describe('the rate-confirmation corpus', () => {
  it('has ten layouts written for the tests, with what each must read', () => {
    expect(CORPUS.map((d) => d.name)).toEqual([
      'dense-sheet',
      'free-text',
      'letter-style',
      'multi-page',
      'multi-stop',
      'side-by-side',
      'stop-boxes',
      'table-style',
      'tender-grid',
      'two-column',
    ]);
    // Three stops or more in four of them, two pages in one.
    expect(CORPUS.filter((d) => d.expected.stops.length >= 3).map((d) => d.name)).toEqual([
      'multi-page',
      'multi-stop',
      'stop-boxes',
      'tender-grid',
    ]);
  });

  it('reads at least 95 % of the fields from the text layer (the table is printed)', async () => {
    const results: Array<{ name: string; checks: Check[] }> = [];
    for (const doc of CORPUS) {
      results.push({ name: doc.name, checks: scoreDocument(doc.expected, await extractRateConfirmation(doc.pdf)) });
    }
    const a = accuracy(results);
    console.log(`Rate confirmations, text layer: field accuracy\n${a.table}\n${a.misses.join('\n')}`);
    expect(a.total).toBeGreaterThan(300);
    expect(a.right / a.total).toBeGreaterThanOrEqual(0.95);
  });

  it('the unseen table layout: every accessorial in the gross, windows, references, miles, the legal name', async () => {
    const got = await extractRateConfirmation(pdfOf('tender-grid'));
    // 2,250.00 line haul + 291.25 fuel + 100.00 stop-off + 125.00 detention + 71.25 lumper = 2,837.50.
    expect(got.gross).toBe(2837.5);
    expect(got.rate).toEqual({ total: 2837.5, line_haul: 2250, stated_total: 2837.5 });
    expect(got.accessorials).toEqual([
      { name: 'Fuel Surcharge', amount: 291.25 },
      { name: 'Stop-off', amount: 100 },
      { name: 'Detention', amount: 125 },
      { name: 'Lumper', amount: 71.25 },
    ]);
    expect([got.lumper, got.fuel_surcharge]).toEqual([71.25, 291.25]);
    // Appointment windows from–to per stop, not 00:00; the stops' own reference numbers.
    expect(got.stops.map((s) => [s.type, s.city, s.at, s.at_end, s.reference])).toEqual([
      [1, 'Wilmington', '2026-11-24 07:00', '2026-11-24 11:00', 'PU# 55190, PO 88213-A'],
      [1, 'Ontario', '2026-11-24 13:00', '2026-11-24 15:00', 'PU# 55191'],
      [2, 'Phoenix', '2026-11-25 06:00', '2026-11-25 10:00', 'DEL# 7781203'],
    ]);
    expect(got.broker).toMatchObject({ name: 'Harborline Freight Solutions LLC', mc: '1048832' });
    expect([got.miles, got.equipment, got.weight, got.commodity]).toEqual([466, "53' Dry Van", 42000, 'Canned goods']);
    expect(got.notes).toBe("Rate confirmation HFS-2291034: 53' Dry Van · 42,000 lb · Canned goods");
    expect(got.read.method).toBe('text');
  });

  it('charges on a condition are no pay; the stated total loses to charges that add up to more', () => {
    expect(
      chargesOfLine('Detention is paid at $50.00 per hour after 2 free hours. TONU: $150.00 if cancelled.'),
    ).toEqual([]);
    expect(chargesOfLine('Late delivery will result in a $250.00 deduction.')).toEqual([]);
    expect(chargesOfLine('Linehaul $1,480.00  |  Fuel $236.00  |  Stop-off $50.00  |  Total $1,841.00')).toEqual([
      { name: 'Line Haul', amount: 1480 },
      { name: 'Fuel Surcharge', amount: 236 },
      { name: 'Stop-off', amount: 50 },
      { name: 'Total', amount: 1841 },
    ]);
    // "Total" left the detention out: 2,000 + 150 + 75 = 2,225 > 2,150 stated.
    const doc = lines([
      [[50, 'Line Haul: $2,000.00']],
      [[50, 'Fuel Surcharge: $150.00']],
      [[50, 'Total: $2,150.00']],
      [[50, 'Detention (approved 11/22): $75.00']],
    ]);
    const got = extractFromText(doc);
    expect(got.gross).toBe(2225);
    expect(got.rate.stated_total).toBe(2150);
    expect(got.fields['rate.total']?.confidence).toBe(0.7);
  });

  it('the carrier’s own MC and phone are not the broker’s, beside it or in a line', async () => {
    const side = await extractRateConfirmation(pdfOf('side-by-side'));
    expect(side.broker).toMatchObject({ name: 'Lone Pine Logistics Inc.', mc: '700125', phone: '4065550177' });
    const multi = await extractRateConfirmation(pdfOf('multi-stop'));
    expect(multi.broker).toMatchObject({ mc: '615093', phone: '7175550123' });
  });

  it('confidences are sane: missing is 0, labelled is exact, running text is inferred', async () => {
    for (const doc of CORPUS) {
      const { fields, stops } = await extractRateConfirmation(doc.pdf);
      for (const [key, f] of Object.entries(fields)) {
        expect(f.confidence, `${doc.name} ${key}`).toBeGreaterThanOrEqual(0);
        expect(f.confidence, `${doc.name} ${key}`).toBeLessThanOrEqual(1);
        const missing = f.value === null || (Array.isArray(f.value) && f.value.length === 0);
        if (missing) expect(f.confidence, `${doc.name} ${key} missing → 0`).toBe(0);
      }
      expect(fields.broker_number?.confidence, doc.name).toBeGreaterThanOrEqual(0.6);
      const zip = doc.name === 'letter-style' ? [0.5, 0.7] : [0.9, 1];
      for (const [i, s] of stops.entries()) {
        const key = `${s.type === 1 ? 'pickups' : 'deliveries'}.${stops.slice(0, i).filter((x) => x.type === s.type).length}`;
        expect(fields[`${key}.zip`]?.value).toBe(s.zip);
        expect(fields[`${key}.zip`]?.confidence).toBeGreaterThanOrEqual(zip[0] ?? 0);
        expect(fields[`${key}.zip`]?.confidence).toBeLessThanOrEqual(zip[1] ?? 1);
      }
    }
  });

  it('a PDF that is no rate confirmation answers low confidences, not a crash', async () => {
    const got = await extractRateConfirmation(readFileSync(join(CORPUS_DIR, 'not-a-rate-confirmation.pdf')));
    expect(got.stops).toEqual([]);
    expect(got.rate.total).toBeNull();
    expect(got.broker_number).toBeNull();
    for (const [key, f] of Object.entries(got.fields)) expect(f.confidence, key).toBeLessThanOrEqual(0.3);
  });
});

type Row = Array<[number, string]>;
/** Lines of cells at x positions, 14 pt apart: the text model pdf-text.ts and the OCR produce. */
function lines(rows: Row[]): PdfText {
  return {
    pages: 1,
    width: 612,
    height: 792,
    lines: rows.map((cells, i) => ({
      page: 1,
      y: 60 + i * 14,
      text: cells.map(([, t]) => t).join('   '),
      cells: cells.map(([x, text]) => ({ page: 1, x, x2: x + text.length * 5, y: 60 + i * 14, size: 10, text })),
    })),
  };
}

describe('rate-confirmation rules', () => {
  it('layout variants: inline labels, "Drop 1", field labels inside a block, USD totals, FSC, per-hour detention', () => {
    const got = extractFromText(
      lines([
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
    expect(got.stops.map((s) => [s.type, s.facility, s.city, s.state, s.zip, s.date, s.window, s.at_end])).toEqual([
      [1, 'Alamo Cold Storage', 'San Antonio', 'TX', '78205', '2026-12-01', '08:00-14:00', '2026-12-01 14:00'],
      [2, 'Reno Foods', 'Reno', 'NV', '89502', '2026-12-03', 'FCFS', ''],
      [2, 'Sparks Market', 'Sparks', 'NV', '89431', '2026-12-04', '09:00-13:00', '2026-12-04 13:00'],
    ]);
    expect(got.rate).toEqual({ total: 1710, line_haul: 1500, stated_total: 1710 });
    expect(got.accessorials).toEqual([{ name: 'Fuel Surcharge', amount: 210 }]);
    expect(got.fuel_surcharge).toBe(210);
    expect(got.fields['pickups.0.facility']?.confidence).toBe(0.7);
  });

  it('dates in several formats; a year from the document; times and windows', () => {
    expect(
      ['11/21/2026', '2026-11-21', 'Nov 21, 2026', 'November 21st, 2026', '21 Nov 2026', '11/21/26'].map((d) =>
        findDate(d),
      ),
    ).toEqual(Array(6).fill('2026-11-21'));
    expect(findDate('13/45/2026')).toBeNull();
    // No year: the document's; a December document's January date is the next year's.
    expect(findDate('PU 12/16 0600', '2026-12-10')).toBe('2026-12-16');
    expect(findDate('DEL 01/04', '2026-12-28')).toBe('2027-01-04');
    const when = (text: string) => {
      const w = findWhen(text, null, '2026-11-21');
      return [w.time, w.endDate && w.endTime ? `${w.endDate} ${w.endTime}` : null];
    };
    expect(when('08:00-14:00')).toEqual(['08:00', '2026-11-21 14:00']);
    expect(when('0800 - 1400')).toEqual(['08:00', '2026-11-21 14:00']);
    expect(when('8:00 AM to 2:00 PM')).toEqual(['08:00', '2026-11-21 14:00']);
    expect(when('7am-3pm')).toEqual(['07:00', '2026-11-21 15:00']);
    expect(when('8:00 - 11:00 AM')).toEqual(['08:00', '2026-11-21 11:00']);
    expect(when('11/21/2026 22:00 - 11/22/2026 06:00')).toEqual(['22:00', '2026-11-22 06:00']);
    expect(when('22:00-02:00')).toEqual(['22:00', '2026-11-22 02:00']);
    expect(when('Open 06:00 Close 14:00')).toEqual(['06:00', '2026-11-21 14:00']);
    expect(when('Appt 1:30 pm')).toEqual(['13:30', null]);
    expect(when('Appointment: Dec 8, 2026 1400')).toEqual(['14:00', null]);
    expect(when('FCFS')).toEqual([null, null]);
    // Street numbers, zips and reference numbers are no times.
    expect(when('Dallas, TX 75201 suite 1400')).toEqual([null, null]);
  });

  it('equipment is written one way', () => {
    expect(
      [
        '53 ft Dry Van',
        "Reefer 53'",
        '53’ VAN',
        'REEFER 53',
        "Step Deck 48'",
        'Flatbed, tarps required',
        'Trailer 214',
      ].map(normalizeEquipment),
    ).toEqual(["53' Dry Van", "53' Reefer", "53' Dry Van", "53' Reefer", "48' Step Deck", 'Flatbed', null]);
  });
});

describe('OCR of scanned confirmations (offline, tesseract.js and its npm English data)', () => {
  afterAll(() => closeOcr());

  it('reads at least 90 % of the fields from scanned copies (image-only PDFs) of two corpus layouts', async () => {
    const results: Array<{ name: string; checks: Check[] }> = [];
    for (const name of ['tender-grid', 'free-text']) {
      const doc = CORPUS.find((d) => d.name === name);
      if (!doc) throw new Error(name);
      const scan = await scannedPdf(doc.pdf);
      // No text layer: the PDF alone answers nothing.
      const got = await extractRateConfirmation(scan);
      expect(got.read).toMatchObject({ method: 'ocr', pages: 1, ocr_pages: 1 });
      results.push({ name, checks: scoreDocument(doc.expected, got) });
    }
    const a = accuracy(results);
    console.log(`Rate confirmations, scanned (OCR): field accuracy\n${a.table}\n${a.misses.join('\n')}`);
    expect(a.right / a.total).toBeGreaterThanOrEqual(0.9);
  }, 180_000);
});

describe('POST /trips/extract', () => {
  let t: TestContext;
  let admin: string;
  let dispatcher: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@backhaul.demo');
    // A company of its own: its broker registry holds only what the tests put there.
    const f = factories(t);
    const company = await f.company();
    const grants = [
      { section: SECTION.Trips, action: 0 },
      { section: SECTION.Trips, action: ACTION.CREATE_EDIT_TRIP },
      { section: SECTION.Trips, action: ACTION.ADD_NEW_BROKER },
    ];
    dispatcher = (await f.user(grants, { companyId: company })).token;
    const own = factories(t, { as: dispatcher });
    await own.broker({ broker: 'Harborline Freight Solutions, L.L.C.', mc_number: '1048832' });
    await own.broker({ broker: 'Summit Ridge Logistics, LLC', mc_number: '111222' });
    // The demo company's broker with Blue Heron's MC is not this company's.
    await factories(t).broker({ broker: 'Blue Heron Freight, Inc.', mc_number: '702118' });
  });
  afterAll(async () => {
    await closeOcr();
    await t.close();
  });

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
    const res = await upload('rate-con.pdf', pdfOf('two-column'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ExtractedLoad;
    expect(body.broker_number).toBe('BH-90231');
    expect(body.pickups[0]).toMatchObject({ city: 'Nashville', state: 'TN', zip: '37207', date: '2026-11-23' });
    expect(body.deliveries[0]).toMatchObject({
      city: 'Columbus',
      window: 'FCFS 08:00-16:00',
      at_end: '2026-11-24 16:00',
    });
    expect(body.rate.total).toBe(1875);
    expect(body.fields['broker.name']).toEqual({ value: 'Blue Heron Freight, Inc.', confidence: 0.95 });
  });

  it('matches the broker to the registry by MC, else by name, else offers a new broker', async () => {
    const byMc = (await upload('tender.pdf', pdfOf('tender-grid'), dispatcher)).json() as ExtractedLoad;
    expect(byMc.broker_match).toMatchObject({
      name: 'Harborline Freight Solutions, L.L.C.',
      mc_number: '1048832',
      by: 'mc',
    });
    expect(byMc.new_broker).toBeNull();
    // The registry has another MC for Summit Ridge: the name (without its legal ending) decides.
    const byName = (await upload('summit.pdf', pdfOf('table-style'), dispatcher)).json() as ExtractedLoad;
    expect(byName.broker_match).toMatchObject({ name: 'Summit Ridge Logistics, LLC', by: 'name' });
    const none = (await upload('keystone.pdf', pdfOf('multi-stop'), dispatcher)).json() as ExtractedLoad;
    expect(none.broker_match).toBeNull();
    expect(none.new_broker).toEqual({
      broker: 'Keystone Crossing Logistics, LLC',
      mc_number: '615093',
      email_address: 'ops@keystonecrossing.com',
      local_phone: '7175550123',
    });
    // Another company's broker with the same MC is never this company's.
    const other = (await upload('heron.pdf', pdfOf('two-column'), dispatcher)).json() as ExtractedLoad;
    expect(other.broker_match).toBeNull();
    expect(other.new_broker?.mc_number).toBe('702118');
  });

  it('a phone photo (JPEG) goes through OCR and the same rules', async () => {
    const res = await upload('photo.jpg', await phonePhoto(pdfOf('stop-boxes')), dispatcher);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ExtractedLoad;
    expect(body.read).toMatchObject({ method: 'ocr', ocr_pages: 1 });
    expect(body.broker_number).toBe('58-220417');
    expect(body.stops.map((s) => s.zip)).toEqual(['64801', '38118', '38701']);
    // 1,480.00 + 236.00 + 50.00 + 75.00 = 1,841.00.
    expect(body.gross).toBe(1841);
    // A scan's field is never shown as exact.
    expect(Math.max(...Object.values(body.fields).map((f) => f.confidence))).toBeLessThanOrEqual(0.8);
  }, 120_000);

  it('the upload rules refuse other files; a broken PDF or image is a 422 on the file, not a 500', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    const asGif = await upload('scan.gif', gif);
    expect(asGif.statusCode).toBe(422);
    expect(asGif.json().errors.file).toEqual([EXTRACTION_MSG.pdfOnly]);
    const text = await upload('load.txt', Buffer.from('Load #: 1'));
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.file).toEqual([FILE_MSG.badType]);
    const disguised = await upload('load.pdf', Buffer.from('Load #: 1 and no PDF at all'));
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors.file).toEqual([FILE_MSG.contentMismatch]);
    const broken = await upload('broken.pdf', Buffer.from('%PDF-1.4\nthis is not really a pdf\n'));
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toEqual([EXTRACTION_MSG.unreadable]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const badPng = await upload('scan.png', png);
    expect(badPng.statusCode).toBe(422);
    expect(badPng.json().errors.file).toEqual([EXTRACTION_MSG.imageUnreadable]);
  });

  it('needs Trips create/edit', async () => {
    const viewer = await t.createUser({
      email: 'extract-viewer@backhaul.test',
      grants: [
        { section: SECTION.Trips, action: 0 },
        { section: SECTION.Trips, action: ACTION.VIEW },
      ],
    });
    expect((await upload('rc.pdf', pdfOf('table-style'), viewer.token)).statusCode).toBe(403);
  });
});
