// Export of a 50,000-row list through the real export service (streaming XLSX / CSV writer, file
// storage, job with progress) on an in-memory PGlite. Prints time, peak RSS and heap, file size.
// Usage: cd packages/server && npx tsx ../../bench/export-50k.ts
import { eq } from 'drizzle-orm';
import { openPglite } from '../packages/server/src/db/client';
import { migrateDatabase } from '../packages/server/src/db/migrate';
import { createExportService, type ExportColumn } from '../packages/server/src/platform/export/export.service';
import { createFilesService } from '../packages/server/src/platform/files/files.service';
import { files } from '../packages/server/src/platform/files/files.table';
import { createMemoryStorage } from '../packages/server/src/platform/files/storage';
import { createJobsService } from '../packages/server/src/platform/jobs/jobs.service';

const N = 50_000;
const COLUMNS: ExportColumn[] = [
  { id: 'id', title: 'Id', kind: 'number' },
  { id: 'customer', title: 'Customer' },
  { id: 'driver', title: 'Driver' },
  { id: 'origin', title: 'Origin' },
  { id: 'destination', title: 'Destination' },
  { id: 'rate', title: 'Rate', kind: 'money' },
  { id: 'miles', title: 'Miles', kind: 'miles' },
  { id: 'pickup', title: 'Pick up', kind: 'date' },
  { id: 'note', title: 'Note' },
];

async function* rows() {
  for (let i = 1; i <= N; i++) {
    yield {
      id: i,
      customer: `Customer ${i % 311}`,
      driver: `Driver ${i % 157}`,
      origin: 'Dallas, TX',
      destination: 'Chicago, IL',
      rate: (i % 3000) + 0.5,
      miles: 300 + (i % 900),
      pickup: `2026-0${(i % 9) + 1}-1${i % 10}`,
      note: i % 100 === 0 ? '=cmd|calc' : 'Drop and hook',
    };
  }
}

async function main() {
  const database = await openPglite({});
  await migrateDatabase(database);
  const storage = createMemoryStorage();
  const filesService = createFilesService({ db: database.db, storage, maxBytes: 10 * 1024 * 1024 });
  const jobs = createJobsService({ database, work: true });
  await jobs.start();
  const exports = createExportService({ files: filesService, jobs });

  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  for (const format of ['xlsx', 'csv'] as const) {
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 10);
    const t0 = performance.now();
    const res = await exports.exportList({
      actor: { id: 1, companyId: 1 },
      name: 'Trips',
      format,
      columns: COLUMNS,
      rows: rows(),
      totals: { rate: 1, miles: 1 },
      count: N,
    });
    let job = await jobs.find(res.job_id as string);
    while (job.status !== 'completed' && job.status !== 'failed') {
      await new Promise((r) => setTimeout(r, 20));
      job = await jobs.find(job.id);
    }
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const fileId = (job.result as { file_id: number }).file_id;
    const [row] = await database.db.select().from(files).where(eq(files.id, fileId));
    console.log(
      `${format.padEnd(4)} ${N} rows x ${COLUMNS.length} cols: ${(ms / 1000).toFixed(2)} s, ` +
        `${Math.round(N / (ms / 1000))} rows/s, file ${mb(row?.size ?? 0)}, ` +
        `peak RSS ${mb(peakRss)} (+${mb(peakRss - base.rss)} over start), peak heap ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)}), status ${job.status}`,
    );
  }
  await jobs.stop();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
