import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clock } from '../clock';
import { type FilesService, fileLink } from '../files/files.service';
import type { JobsService } from '../jobs/jobs.service';
import {
  createCsvWriter,
  createXlsxWriter,
  type ExportColumn,
  type ExportRow,
  type ExportWriter,
} from './export-writers';

export type { ExportColumn, ExportRow } from './export-writers';

export type ExportInput = {
  actor: { id: number; companyId: number };
  name: string;
  format: 'xlsx' | 'csv';
  columns: ExportColumn[];
  /** Rows as the API shows them (money in dollars). Must stay iterable after the call answers: big exports continue as a job. */
  rows: AsyncIterable<ExportRow> | Iterable<ExportRow>;
  totals?: Record<string, number>;
  /** The row count when known: a big export becomes a job at once, and its progress has a total. */
  count?: number;
};

/** { link } when the file is ready; { link: null, job_id } when it is built as a job (GET /api/jobs/:id). */
export type ExportResult = { link: string | null; job_id?: string };

const MIME = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

export const EXPORT_JOB = 'export.list';
export const DEFAULT_EXPORT_JOB_THRESHOLD = 20_000;

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'export';

export type ExportService = { exportList: (input: ExportInput) => Promise<ExportResult> };

/**
 * Lists to XLSX or CSV. The file is stored as an 'exports' file of its creator (only they can fetch
 * the link). Over the threshold the work continues as a job with progress.
 */
export function createExportService(deps: {
  files: FilesService;
  jobs: JobsService;
  threshold?: number;
}): ExportService {
  const threshold = deps.threshold ?? DEFAULT_EXPORT_JOB_THRESHOLD;

  async function exportList(input: ExportInput): Promise<ExportResult> {
    const tmp = join(tmpdir(), `backhaul-export-${randomUUID()}.${input.format}`);
    const writer: ExportWriter =
      input.format === 'xlsx' ? createXlsxWriter(tmp, input.name, input.columns) : createCsvWriter(tmp, input.columns);
    const source = input.rows;
    const iterator: AsyncIterator<ExportRow> | Iterator<ExportRow> =
      Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
    let written = 0;

    const finish = async () => {
      await writer.finish(input.totals);
      try {
        const date = clock.now().toISOString().slice(0, 10);
        const file = await deps.files.store({
          companyId: input.actor.companyId,
          entity: 'exports',
          entityId: input.actor.id,
          category: 'export',
          name: `${slug(input.name)}-${date}.${input.format}`,
          mime: MIME[input.format],
          data: await readFile(tmp),
          uploadedBy: input.actor.id,
        });
        return { link: fileLink(file.id), file_id: file.id, rows: written };
      } finally {
        await rm(tmp, { force: true });
      }
    };

    try {
      if (input.count === undefined || input.count <= threshold) {
        while (written < threshold) {
          const next = await iterator.next();
          if (next.done) return { link: (await finish()).link };
          await writer.add(next.value);
          written++;
        }
      }
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }

    const job = await deps.jobs.runHere(
      EXPORT_JOB,
      { actor: input.actor, ...(input.count === undefined ? {} : { total: input.count }) },
      async (ctx) => {
        try {
          await ctx.progress(written, input.count);
          for (;;) {
            const next = await iterator.next();
            if (next.done) break;
            await writer.add(next.value);
            written++;
            if (written % 500 === 0) await ctx.progress(written, input.count);
          }
          await ctx.progress(written, Math.max(written, input.count ?? 0));
          return await finish();
        } catch (err) {
          await rm(tmp, { force: true });
          throw err;
        }
      },
    );
    return { link: null, job_id: job.id };
  }

  return { exportList };
}

let current: ExportService | null = null;

/** The app's export service (set when the app is built); modules may also use deps.exports. */
export function setExportService(service: ExportService): void {
  current = service;
}

export function exportList(input: ExportInput): Promise<ExportResult> {
  if (!current) throw new Error('The export service is not set up: build the app first');
  return current.exportList(input);
}
