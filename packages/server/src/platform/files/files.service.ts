import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { type AuditEntry, writeAudit } from '../audit/audit';
import type { Actor, AuthContext } from '../auth/access';
import { AppError } from '../errors';
import { checkUpload, extensionOf, FILE_MSG, PREVIEW_MIMES, safeBaseName } from './file-rules';
import { type FileRow, files } from './files.table';
import { type FileStorage, newStorageKey } from './storage';

type Check = (auth: AuthContext, entityId: string) => boolean | Promise<boolean>;

/** A table whose rows own files by their integer id (the files' entity id). */
export type FileOwner = PgTable & { id: AnyPgColumn };

/**
 * How a module's records guard their files (upload and remove default to view), and the table whose
 * rows own them: a file whose row is gone goes too (`sweepOrphans`), so a deleted record leaves
 * neither rows nor bytes behind.
 */
export type FileEntityAccess = { view: Check; upload?: Check; remove?: Check; owner?: FileOwner };

/**
 * A business rule that refuses a deletion by throwing an AppError (usually a precondition). `auth` is
 * null when the file's record itself is gone (`sweepOrphans`): a file a rule refuses then stays.
 */
export type DeleteRule = (file: FileRow, auth: AuthContext | null) => void | Promise<void>;

/**
 * Runs in the transaction that records a new file (e.g. a load's PPW flag set with its first file);
 * `audit` writes the audit row of a row the hook changed, as the file's uploader.
 */
export type StoreHook = (
  tx: Tx,
  file: FileRow,
  audit: (entry: Omit<AuditEntry, 'actor'>) => Promise<void>,
) => Promise<void>;

export type StoreInput = {
  companyId: number | null;
  entity: string;
  entityId: string | number;
  category?: string | null;
  docType?: string | null;
  name: string;
  mime: string;
  data: Buffer;
  uploadedBy: number | null;
};

export type UploadInput = {
  auth: AuthContext;
  entity: string;
  entityId: string;
  category?: string | null;
  docType?: string | null;
  name: string;
  data: Buffer;
};

/** Where a stored file downloads (the caller's access is checked there). */
export const fileLink = (id: number) => `/api/files/${id}/download`;

export type FilesService = ReturnType<typeof createFilesService>;

export type FileMode = 'download' | 'preview';

/** The one file service: validated uploads, storage, access per owning record, delete rules. */
export function createFilesService(opts: { db: Db; storage: FileStorage; maxBytes: number }) {
  const { db, storage } = opts;
  const access = new Map<string, FileEntityAccess>();
  const deleteRules = new Map<string, DeleteRule[]>();
  const storeHooks = new Map<string, StoreHook[]>();

  function accessOf(entity: string): FileEntityAccess {
    const a = access.get(entity);
    if (!a) throw AppError.notFound();
    return a;
  }

  async function allowed(auth: AuthContext, file: FileRow, which: 'view' | 'upload' | 'remove'): Promise<boolean> {
    if (file.companyId !== null && file.companyId !== auth.user.companyId) return false;
    const a = accessOf(file.entity);
    const check = a[which] ?? (which === 'remove' ? (a.upload ?? a.view) : a.view);
    return check(auth, file.entityId);
  }

  function checkMode(file: FileRow, mode: FileMode): FileRow {
    if (mode === 'preview' && !PREVIEW_MIMES.has(file.mime)) throw AppError.precondition(FILE_MSG.noPreview);
    return file;
  }

  async function find(id: number): Promise<FileRow> {
    const [row] = await db.select().from(files).where(eq(files.id, id));
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The file row, for a caller allowed to see the record it belongs to (404 otherwise). */
  async function visible(auth: AuthContext, id: number, mode: FileMode = 'download'): Promise<FileRow> {
    const file = await find(id);
    if (!(await allowed(auth, file, 'view'))) throw AppError.notFound();
    return checkMode(file, mode);
  }

  /** Stores bytes without the upload rules: exports, mail attachments, generated PDFs. */
  async function store(input: StoreInput): Promise<FileRow> {
    const storageKey = newStorageKey(extensionOf(input.name));
    await storage.put(storageKey, input.data, input.mime);
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(files)
          .values({
            companyId: input.companyId,
            entity: input.entity,
            entityId: String(input.entityId),
            category: input.category ?? null,
            docType: input.docType ?? null,
            originalName: safeBaseName(input.name),
            mime: input.mime,
            size: input.data.length,
            storageKey,
            uploadedBy: input.uploadedBy,
          })
          .returning();
        if (!row) throw new Error('file row not created');
        const actor = input.uploadedBy && input.companyId ? { id: input.uploadedBy, companyId: input.companyId } : null;
        const audit = (entry: Omit<AuditEntry, 'actor'>) => writeAudit(tx, { ...entry, actor });
        for (const hook of storeHooks.get(row.entity) ?? []) await hook(tx, row, audit);
        await writeAudit(tx, { actor, entity: files, entityId: row.id, action: 'create', after: row });
        return row;
      });
    } catch (err) {
      await storage.remove(storageKey).catch(() => {});
      throw err;
    }
  }

  /**
   * Deletes the files whose owning row is gone (each audited, by `actor` or the system), then their
   * bytes: after a record's deletion (`owner` and `id`: that record's files) or nightly over every
   * entity with an owner (rows that went with a cascade). Answers how many files went.
   */
  async function sweepOrphans(o: { owner?: FileOwner; id?: number; actor?: Actor | null } = {}): Promise<number> {
    let removed = 0;
    for (const [entity, a] of access) {
      const owner = a.owner;
      if (!owner || (o.owner && owner !== o.owner)) continue;
      // Entity ids are text: only whole numbers can name an owner's row, and only those are cast.
      const ownerId = sql`case when ${files.entityId} ~ '^[0-9]{1,18}$' then (${files.entityId})::bigint end`;
      const gone = await db.transaction(async (tx) => {
        const orphans = await tx
          .select()
          .from(files)
          .where(
            and(
              eq(files.entity, entity),
              o.id === undefined ? sql`${files.entityId} ~ '^[0-9]{1,18}$'` : eq(files.entityId, String(o.id)),
              sql`not exists (select 1 from ${owner} where ${owner.id} = ${ownerId})`,
            ),
          )
          .for('update');
        const doomed: FileRow[] = [];
        for (const f of orphans) if (!(await kept(f))) doomed.push(f);
        if (!doomed.length) return doomed;
        await tx.delete(files).where(
          inArray(
            files.id,
            doomed.map((f) => f.id),
          ),
        );
        for (const f of doomed)
          await writeAudit(tx, {
            actor: o.actor ?? null,
            entity: files,
            entityId: f.id,
            action: 'delete',
            before: f,
          });
        return doomed;
      });
      for (const f of gone) await storage.remove(f.storageKey).catch(() => {});
      removed += gone.length;
    }
    return removed;
  }

  /** Whether a delete rule keeps a file even when its record goes (a driver's contract). */
  async function kept(file: FileRow): Promise<boolean> {
    try {
      for (const rule of deleteRules.get(file.entity) ?? []) await rule(file, null);
      return false;
    } catch (err) {
      if (err instanceof AppError) return true;
      throw err;
    }
  }

  return {
    storage,
    maxBytes: opts.maxBytes,
    sweepOrphans,

    /** A module declares who may see, add and delete the files of its records. */
    registerEntity(entity: string, rule: FileEntityAccess): void {
      access.set(entity, rule);
    },
    addDeleteRule(entity: string, rule: DeleteRule): void {
      deleteRules.set(entity, [...(deleteRules.get(entity) ?? []), rule]);
    },
    addStoreHook(entity: string, hook: StoreHook): void {
      storeHooks.set(entity, [...(storeHooks.get(entity) ?? []), hook]);
    },
    isRegistered: (entity: string) => access.has(entity),

    store,

    /** A user's upload: spec §5 rules on name, type, content and size, then the entity's upload check. */
    async upload(input: UploadInput): Promise<FileRow> {
      const a = accessOf(input.entity);
      const { mime } = checkUpload(input.name, input.data, opts.maxBytes);
      if (!(await (a.upload ?? a.view)(input.auth, input.entityId))) throw AppError.forbidden();
      return store({
        companyId: input.auth.user.companyId,
        entity: input.entity,
        entityId: input.entityId,
        category: input.category ?? null,
        docType: input.docType ?? null,
        name: input.name,
        mime,
        data: input.data,
        uploadedBy: input.auth.user.id,
      });
    },

    visible,

    /** The file and its bytes, for a caller allowed to see the record it belongs to. */
    async open(auth: AuthContext, id: number, mode: FileMode = 'download') {
      const file = await visible(auth, id, mode);
      return { file, body: await storage.get(file.storageKey) };
    },

    /** The file and its bytes through a valid signed link: the signature is the permission. */
    async openLinked(id: number, mode: FileMode) {
      const file = checkMode(await find(id), mode);
      return { file, body: await storage.get(file.storageKey) };
    },

    async list(auth: AuthContext, entity: string, entityId: string): Promise<FileRow[]> {
      const a = accessOf(entity);
      if (!(await a.view(auth, entityId))) throw AppError.forbidden();
      return db
        .select()
        .from(files)
        .where(and(eq(files.entity, entity), eq(files.entityId, entityId), eq(files.companyId, auth.user.companyId)))
        .orderBy(desc(files.id));
    },

    async remove(auth: AuthContext, id: number): Promise<void> {
      const file = await find(id);
      if (!(await allowed(auth, file, 'view'))) throw AppError.notFound();
      if (!(await allowed(auth, file, 'remove'))) throw AppError.forbidden();
      for (const rule of deleteRules.get(file.entity) ?? []) await rule(file, auth);
      await db.transaction(async (tx) => {
        await tx.delete(files).where(eq(files.id, id));
        await writeAudit(tx, { actor: auth.user, entity: files, entityId: id, action: 'delete', before: file });
      });
      await storage.remove(file.storageKey).catch(() => {});
    },

    /** Bytes of a stored file for server-side use (mail retries, attachments). */
    async read(id: number): Promise<{ file: FileRow; body: Buffer }> {
      const file = await find(id);
      return { file, body: await storage.get(file.storageKey) };
    },
  };
}
