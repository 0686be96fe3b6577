import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTION, MSG, SECTION, SESSION_COOKIE } from '@backhaul/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { sectionFileAccess } from './file-entities';
import { FILE_MSG } from './file-rules';

// A small limit so the size rule is cheap to test; read when the app is built (and put back after,
// since test files share a worker process).
const MAX = 64 * 1024;

const MAGIC: Record<string, Buffer> = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
  bmp: Buffer.from('BM\x3a\x00\x00\x00', 'latin1'),
  pdf: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
};

function multipart(file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = `----backhaul${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestContext;
let admin: string;
const dataDir = mkdtempSync(join(tmpdir(), 'backhaul-files-'));
beforeAll(async () => {
  process.env.FILE_MAX_BYTES = String(MAX);
  try {
    t = await createTestApp({ config: { dataDir } });
  } finally {
    delete process.env.FILE_MAX_BYTES;
  }
  admin = await t.login('admin@backhaul.demo');
  // The rules are generic: a test entity guarded like a module's files (section Drivers, actions 23-26).
  t.app.deps.files.registerEntity('test-docs', sectionFileAccess(SECTION.Drivers));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (
  token: string,
  name: string,
  data: Buffer,
  category = 'license',
  entityId = '7',
  entity = 'test-docs',
) => {
  const m = multipart({ name, data }, { category });
  return t.app.inject({
    method: 'POST',
    url: `/api/files/upload/${entity}/${entityId}`,
    payload: m.payload,
    headers: { ...m.headers, ...t.bearer(token) },
  });
};

describe('upload rules (spec §5)', () => {
  it('accepts png, jpeg, jpg, bmp, gif and pdf by name and content, storing the real mime', async () => {
    const cases: [string, Buffer, string][] = [
      ['scan.png', MAGIC.png as Buffer, 'image/png'],
      ['photo.jpeg', MAGIC.jpeg as Buffer, 'image/jpeg'],
      ['photo.JPG', MAGIC.jpeg as Buffer, 'image/jpeg'],
      ['fax.bmp', MAGIC.bmp as Buffer, 'image/bmp'],
      ['anim.gif', MAGIC.gif as Buffer, 'image/gif'],
      ['rate confirmation.pdf', MAGIC.pdf as Buffer, 'application/pdf'],
    ];
    for (const [name, data, mime] of cases) {
      const res = await upload(admin, name, data);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().file).toMatchObject({ name, mime, size: data.length, entity: 'test-docs', entity_id: '7' });
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/files/list/test-docs/7', headers: t.bearer(admin) });
    expect(list.json().rows).toHaveLength(cases.length);
  });

  it('refuses other types by name', async () => {
    for (const name of ['notes.txt', 'tool.exe', 'image.svg', 'sheet.xlsx', 'noextension', 'page.html']) {
      const res = await upload(admin, name, MAGIC.png as Buffer);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.file).toEqual([FILE_MSG.badType]);
    }
  });

  it('refuses a name with any of @ # % & ! with the spec message', async () => {
    for (const ch of ['@', '#', '%', '&', '!']) {
      const res = await upload(admin, `bill${ch}of lading.pdf`, MAGIC.pdf as Buffer);
      expect(res.statusCode, ch).toBe(422);
      expect(res.json().errors.file).toEqual([MSG.invalidFileName]);
    }
  });

  it('refuses content that is not what the name says (magic bytes)', async () => {
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
    for (const [name, data] of [
      ['invoice.pdf', elf],
      ['photo.png', MAGIC.pdf],
      ['photo.jpg', MAGIC.gif],
      ['page.gif', Buffer.from('<html><script>alert(1)</script>')],
    ] as [string, Buffer][]) {
      const res = await upload(admin, name, data);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.file).toEqual([FILE_MSG.contentMismatch]);
    }
  });

  it('refuses a file over the size limit with a clear message, and accepts one at the limit', async () => {
    const big = Buffer.concat([MAGIC.pdf as Buffer, Buffer.alloc(MAX)]);
    const res = await upload(admin, 'big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(FILE_MSG.tooLarge(MAX));
    expect(FILE_MSG.tooLarge(MAX)).toBe('The file is too large: the limit is 64 KB.');
    const atLimit = Buffer.concat([MAGIC.pdf as Buffer, Buffer.alloc(MAX - (MAGIC.pdf as Buffer).length)]);
    expect((await upload(admin, 'exact.pdf', atLimit)).statusCode).toBe(200);
  });

  it('never uses the client name as a path: the storage key is generated', async () => {
    const res = await upload(admin, '../../../etc/passwd.png', MAGIC.png as Buffer);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ storage_key: string; original_name: string }>(
      'select storage_key, original_name from files where id = $1',
      [res.json().file.id],
    );
    expect(row?.original_name).toBe('passwd.png');
    expect(row?.storage_key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
  });

  it('an unknown entity is a 404 and an anonymous upload a 401', async () => {
    const m = multipart({ name: 'a.png', data: MAGIC.png as Buffer });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload/nothing/1',
      payload: m.payload,
      headers: { ...m.headers, ...t.bearer(admin) },
    });
    expect(res.statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload/test-docs/1',
      payload: m.payload,
      headers: m.headers,
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('serving and deleting', () => {
  it('serves the bytes only to users allowed to see the owning record; preview inline for preview types', async () => {
    const up = await upload(admin, 'cdl.pdf', MAGIC.pdf as Buffer, 'license', '11');
    const id = up.json().file.id as number;
    const viewer = await t.createUser({
      email: 'driver-files@backhaul.demo',
      grants: [
        { section: SECTION.Drivers, action: 0 },
        { section: SECTION.Drivers, action: ACTION.FILE_VIEW },
      ],
    });
    const outsider = await t.createUser({
      email: 'no-drivers@backhaul.demo',
      grants: [{ section: SECTION.Cities, action: 0 }],
    });

    // A link the browser follows carries the session cookie; a token in the address opens nothing.
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/files/${id}/download`,
      cookies: { [SESSION_COOKIE]: viewer.token },
    });
    expect(dl.statusCode).toBe(200);
    const inQuery = await t.app.inject({ method: 'GET', url: `/api/files/${id}/download?token=${viewer.token}` });
    expect(inQuery.statusCode).toBe(401);
    expect(dl.rawPayload.equals(MAGIC.pdf as Buffer)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="cdl.pdf"/);
    const pv = await t.app.inject({ method: 'GET', url: `/api/files/${id}/preview`, headers: t.bearer(viewer.token) });
    expect(pv.headers['content-disposition']).toMatch(/^inline/);

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${id}/download`, headers: t.bearer(outsider.token) }))
        .statusCode,
    ).toBe(404);
    // The viewer may not upload (no 23) nor delete (no 26).
    expect((await upload(viewer.token, 'x.png', MAGIC.png as Buffer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: t.bearer(viewer.token) })).statusCode,
    ).toBe(403);
  });

  it('a signed link opens one file without a session until it expires, and nothing else', async () => {
    const up = await upload(admin, 'rate.pdf', MAGIC.pdf as Buffer, 'license', '12');
    const id = up.json().file.id as number;
    const other = (await upload(admin, 'other.pdf', MAGIC.pdf as Buffer, 'license', '12')).json().file.id as number;
    const mint = (body: object, token = admin) =>
      t.app.inject({ method: 'POST', url: `/api/files/${id}/link`, payload: body, headers: t.bearer(token) });
    const res = await mint({ mode: 'preview', expires_in: 600 });
    expect(res.statusCode).toBe(200);
    const { url, expires_at } = res.json() as { url: string; expires_at: string };
    expect(url.startsWith(`${t.config.publicUrl}/api/files/${id}/preview?expires=`)).toBe(true);
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(590_000);
    const path = url.slice(t.config.publicUrl.length);

    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(MAGIC.pdf as Buffer)).toBe(true);
    expect(opened.headers['content-disposition']).toMatch(/^inline/);

    const signature = new URL(url).searchParams.get('signature') ?? '';
    const expires = new URL(url).searchParams.get('expires') ?? '';
    const refused = [
      path.replace(`/files/${id}/`, `/files/${other}/`), // another file
      path.replace('/preview?', '/download?'), // another mode
      path.replace(`expires=${expires}`, `expires=${Number(expires) + 3600}`), // a later expiry
      path.replace(signature, `${signature.slice(0, -2)}AA`), // a forged signature
      `${path}&extra=1`, // anything unsigned in the address
      `/api/files/${id}/preview`,
    ];
    for (const u of refused) {
      const r = await t.app.inject({ method: 'GET', url: u });
      expect({ u, status: r.statusCode }).toEqual({ u, status: 401 });
    }
    // A signature opens only routes that take signed links, even with the same path shape.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/files/list/test-docs/12?${new URL(url).search.slice(1)}`,
    });
    expect(list.statusCode).toBe(401);

    // Expired: signed a second in the past.
    const past = await t.app.deps.links.sign(`/api/files/${id}/preview`, new Date(Date.now() - 1000));
    expect((await t.app.inject({ method: 'GET', url: past })).statusCode).toBe(401);

    // Only a caller who may see the file gets a link; the lifetime is bounded.
    const outsider = await t.createUser({
      email: 'no-link@backhaul.demo',
      grants: [{ section: SECTION.Cities, action: 0 }],
    });
    expect((await mint({}, outsider.token)).statusCode).toBe(404);
    expect((await mint({ expires_in: 30 * 24 * 3600 })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: `/api/files/${id}/link`, payload: {} })).statusCode).toBe(401);
  });

  it('links stay valid across a restart: the signing key is kept in the database', async () => {
    const { createLinkSigner, linkSecretSource } = await import('../auth/signed-links');
    const path = '/api/files/1/download';
    const first = createLinkSigner(linkSecretSource(t.db, undefined));
    const again = createLinkSigner(linkSecretSource(t.db, undefined));
    const url = await first.sign(path, new Date(Date.now() + 60_000));
    expect(await again.verify(url)).toMatchObject({ path });
    const configured = createLinkSigner(linkSecretSource(t.db, 'x'.repeat(32)));
    expect(await configured.verify(url)).toBeNull();
  });

  it('a file that is not a preview type has no preview', async () => {
    const { user } = await t.createUser({ email: 'exporter@backhaul.demo', grants: [] });
    const row = await t.app.deps.files.store({
      companyId: user.companyId,
      entity: 'exports',
      entityId: user.id,
      name: 'trips.csv',
      mime: 'text/csv',
      data: Buffer.from('a,b\r\n'),
      uploadedBy: user.id,
    });
    const token = await t.login('exporter@backhaul.demo');
    const pv = await t.app.inject({ method: 'GET', url: `/api/files/${row.id}/preview`, headers: t.bearer(token) });
    expect(pv.statusCode).toBe(412);
    expect(pv.json()).toEqual({ error: { mail: FILE_MSG.noPreview } });
    // Only its creator fetches an export, even an administrator does not.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${row.id}/download`, headers: t.bearer(admin) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${row.id}/download`, headers: t.bearer(token) })).body,
    ).toBe('a,b\r\n');
  });
});
