// Rate-confirmation extraction over the corpus (issue 32: ≥ 95 % of fields from the text layer,
// ≥ 90 % from scans). Figures, not a test. Three reads of every corpus document: its text layer,
// a scanned copy (pages as 200-dpi images in a PDF with no text: pdf.js renders each at 300 dpi, then
// OCR) and a phone photo of page 1 (turned 1.5°, shaded, JPEG; single-page documents only). Prints
// the field accuracy tables and seconds per OCR page (the first page of the run apart: it starts the
// worker). Usage: npx tsx bench/extraction-ocr.ts [scan|photo|text ...]
import { performance } from 'node:perf_hooks';
import { closeOcr, extractRateConfirmation } from '../packages/server/src/modules/extraction';
import {
  accuracy,
  type Check,
  loadCorpus,
  scoreDocument,
} from '../packages/server/test/fixtures/rate-confirmations/corpus';
import { phonePhoto, scannedPdf } from '../packages/server/test/fixtures/rate-confirmations/scans';

const modes = process.argv.slice(2).length ? process.argv.slice(2) : ['text', 'scan', 'photo'];
const corpus = loadCorpus();
let first = true;
for (const mode of modes) {
  const results: Array<{ name: string; checks: Check[] }> = [];
  const perPage: number[] = [];
  for (const doc of corpus) {
    // A photo is one page: a document that runs over two is left out of the photo figures.
    if (mode === 'photo' && (await extractRateConfirmation(doc.pdf)).read.pages > 1) continue;
    const file = mode === 'scan' ? await scannedPdf(doc.pdf) : mode === 'photo' ? await phonePhoto(doc.pdf) : doc.pdf;
    const started = performance.now();
    const got = await extractRateConfirmation(file, mode === 'photo' ? 'image/jpeg' : 'application/pdf');
    const seconds = (performance.now() - started) / 1000;
    results.push({ name: doc.name, checks: scoreDocument(doc.expected, got) });
    if (got.read.ocr_pages) {
      if (first) console.log(`first OCR call (starts the worker): ${seconds.toFixed(1)} s`);
      else perPage.push(seconds / got.read.ocr_pages);
      first = false;
    }
  }
  const a = accuracy(results);
  console.log(`\n== ${mode}: ${a.right} / ${a.total} fields = ${((100 * a.right) / a.total).toFixed(1)} %`);
  console.log(a.table);
  if (a.misses.length) console.log(`misses:\n  ${a.misses.join('\n  ')}`);
  if (perPage.length) {
    const sorted = [...perPage].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `seconds per OCR page: median ${median.toFixed(1)}, min ${sorted[0]?.toFixed(1)}, max ${sorted.at(-1)?.toFixed(1)} (${perPage.length} documents)`,
    );
  }
}
await closeOcr();
