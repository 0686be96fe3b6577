import { MSG } from '@backhaul/shared';
import {
  cellMaxLength,
  checkImportRows,
  type ExistingValues,
  IMPORT_MSG,
  type ImportColumns,
  type ImportDefinition,
  type ImportError,
  type ImportTextRow,
  type ImportValues,
  mapHeadings,
  missingColumns,
  requiredLabels,
  SaveImportResponseSchema,
} from '@backhaul/shared/import/import.contract';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { type AuditSubject, writeAudit } from '../audit/audit';
import type { Access, AuthUser } from '../auth/access';
import { caller } from '../auth/guard';
import { AppError } from '../errors';
import { readUpload } from '../files/read-upload';
import type { App } from '../http/types';
import type { Sheet } from './sheet-reader';
import { readSpreadsheet } from './spreadsheet';

/**
 * What a module declares to import a spreadsheet: the columns (shared, so the web previews with the
 * same rules), the values already saved for its unique columns, and how to store accepted rows.
 */
export type ImportSpec<C extends ImportColumns> = {
  definition: ImportDefinition<C>;
  /** Values already saved, per unique column, in the caller's scope (read in the save's transaction too). */
  existing?: (db: DbOrTx, user: AuthUser) => Promise<ExistingValues<C>>;
  /**
   * Checks the rows against saved data beyond uniqueness (e.g. a unit number that must exist): the
   * preview lists its errors with the others, and the save refuses them. Gets the accepted rows.
   */
  check?: (db: DbOrTx, user: AuthUser, rows: { row: number; values: ImportValues<C> }[]) => Promise<ImportError[]>;
  /**
   * Stores every row in the import's transaction; answers the rows it saved under their audit entity,
   * and the platform writes each one's audit row (action 'import').
   */
  save: (tx: Tx, user: AuthUser, rows: ImportValues<C>[]) => Promise<ImportSaved>;
};

/** What an import stored: the table (its audit entity), and each saved row's id and audit image. */
export type ImportSaved = { entity: AuditSubject; rows: Array<{ id: number; after: unknown }> };

/**
 * Rows of a sheet under its heading row, keyed by column (ignored headings named). A cell longer than
 * its column's `maxLength` is cut to it for the preview and is a row error (`long`), not a 500 from
 * the answer's schema.
 */
export function sheetRows<C extends ImportColumns>(
  def: ImportDefinition<C>,
  sheet: Sheet,
): { rows: ImportTextRow<C>[]; ignored: string[]; long: ImportError[] } {
  const { index, ignored } = mapHeadings(def, sheet.heading);
  if (missingColumns(def, index).length) throw AppError.invalidField('file', IMPORT_MSG.headings(requiredLabels(def)));
  const rows: ImportTextRow<C>[] = [];
  const long: ImportError[] = [];
  for (const { row: n, cells } of sheet.rows) {
    const row: Record<string, string | number> = { row: n };
    for (const key of def.keys) {
      const at = index.get(key);
      const text = at === undefined ? '' : (cells[at] ?? '').trim();
      const max = cellMaxLength(def, key);
      if (text.length > max) long.push({ row: n, field: key, message: IMPORT_MSG.tooLong(max) });
      row[key] = text.slice(0, max);
    }
    rows.push(row as ImportTextRow<C>);
  }
  if (!rows.length) throw AppError.invalidField('file', IMPORT_MSG.empty);
  if (sheet.more || rows.length > def.maxRows) throw AppError.invalidField('file', IMPORT_MSG.tooMany(def.maxRows));
  return { rows, ignored, long };
}

/**
 * POST …/import: the file's rows, every row's errors and the ignored headings; nothing is stored. The
 * file is read in a worker (spreadsheet.ts), no further than one row past the limit.
 */
export async function previewImport<C extends ImportColumns>(
  db: Db,
  user: AuthUser,
  spec: ImportSpec<C>,
  file: { kind: 'xlsx' | 'csv'; data: Buffer },
) {
  const def = spec.definition;
  // One character past the longest a column takes: enough to tell a cell is too long.
  const cellChars = Math.max(...def.keys.map((k) => cellMaxLength(def, k))) + 1;
  const sheet = await readSpreadsheet(file, { maxRows: def.maxRows, cellChars });
  const { rows, ignored, long } = sheetRows(def, sheet);
  const existing = spec.existing ? await spec.existing(db, user) : {};
  const { errors, accepted } = checkImportRows(def, rows, existing);
  // A cut cell's own error stands for it; its row is not checked against saved data.
  const cut = new Set(long.map((e) => `${e.row}:${e.field}`));
  const cutRows = new Set(long.map((e) => e.row));
  const more = spec.check
    ? await spec.check(
        db,
        user,
        accepted.filter((a) => !cutRows.has(a.row)),
      )
    : [];
  const all = [...long, ...errors.filter((e) => !cut.has(`${e.row}:${e.field}`)), ...more];
  return { rows, errors: all.sort((a, b) => a.row - b.row), ignored };
}

/** A 422 naming each bad cell as `rows.<index in the body>.<field>`: "Row <sheet row>: <message>". */
function rowErrors(rows: readonly { row: number }[], errors: readonly ImportError[]) {
  const fields: Record<string, string[]> = {};
  for (const e of errors) {
    const key = `rows.${rows.findIndex((r) => r.row === e.row)}.${e.field}`;
    fields[key] = [...(fields[key] ?? []), `Row ${e.row}: ${e.message}`];
  }
  return fields;
}

/** POST …/saveImport: every row is checked again and all are stored in one transaction, or none (422). */
export async function saveImport<C extends ImportColumns>(
  db: Db,
  user: AuthUser,
  spec: ImportSpec<C>,
  rows: readonly ImportTextRow<C>[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const existing = spec.existing ? await spec.existing(tx, user) : {};
    const { errors, accepted } = checkImportRows(spec.definition, rows, existing);
    const more = spec.check ? await spec.check(tx, user, accepted) : [];
    if (errors.length || more.length) throw AppError.validation(rowErrors(rows, [...errors, ...more]));
    const saved = await spec.save(
      tx,
      user,
      accepted.map((a) => a.values),
    );
    for (const row of saved.rows)
      await writeAudit(tx, { actor: user, entity: saved.entity, entityId: row.id, action: 'import', after: row.after });
    return saved.rows.length;
  });
}

/**
 * Mounts `<base>/import` (multipart: an .xlsx or .csv) and `<base>/saveImport` (the rows to save),
 * both behind `access`.
 */
export function registerImportRoutes<C extends ImportColumns>(
  app: App,
  opts: { db: Db; maxBytes: number; base: string; access: Access; tags: string[]; spec: ImportSpec<C> },
): void {
  const { db, spec, access, tags } = opts;
  app.post(`${opts.base}/import`, {
    config: { access },
    schema: { tags, response: { 200: spec.definition.responseSchema } },
    handler: async (req) => {
      const upload = await readUpload(req, {
        maxBytes: opts.maxBytes,
        types: ['xlsx', 'csv'],
        badType: IMPORT_MSG.type,
        mismatch: IMPORT_MSG.unreadable,
      });
      return previewImport(db, caller(req).user, spec, { kind: upload.kind as 'xlsx' | 'csv', data: upload.data });
    },
  });

  app.post(`${opts.base}/saveImport`, {
    config: { access },
    schema: { tags, body: spec.definition.saveBodySchema, response: { 200: SaveImportResponseSchema } },
    handler: async (req) => ({
      message: MSG.savingSuccess,
      saved: await saveImport(db, caller(req).user, spec, req.body.rows as ImportTextRow<C>[]),
    }),
  });
}
