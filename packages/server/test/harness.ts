import { readFile } from 'node:fs/promises';
import type { Grant } from '@backhaul/shared';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { rolePermissions, roles, users } from '../src/platform/auth/auth.table';
import { hashPassword } from '../src/platform/auth/password';
import type { App, RouteModule } from '../src/platform/http/types';
import type { Mailer } from '../src/platform/mail/mailer';
import { TEST_PASSWORD, withDatabase } from './template';

export { TEST_PASSWORD };

let counter = 0;

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `backhaul_t_${process.pid}_${++counter}_${Date.now() % 100000}`;
    const admin = await openPostgres(url, 1);
    await admin.exec(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.close();
    const database = await openPostgres(withDatabase(url, name), 5);
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const again = await openPostgres(url, 1);
        await again.exec(`drop database if exists ${name} with (force)`);
        await again.close();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const dump = new Blob([await readFile(file)]);
  return openPglite({ loadDataDir: dump });
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** The app on a fresh copy of the template, plus helpers to sign in and make users. */
export async function createTestApp(
  opts: {
    config?: Partial<Config>;
    mailer?: Mailer;
    /** Routes a platform test mounts under /api (a declaration of its own, as a module would). */
    routes?: RouteModule['register'];
  } = {},
) {
  const database = await openTestDatabase();
  const config = loadConfig({}, { LOGIN_MAX_FAILURES: 5, LOGIN_LOCK_SECONDS: 300, ...opts.config });
  const { app, routes, deps } = await buildApp({ database, config, ...(opts.mailer ? { mailer: opts.mailer } : {}) });
  const extra = opts.routes;
  if (extra) await app.register(async (api) => extra(api as App, deps), { prefix: '/api' });
  await app.ready();
  const { db } = database;

  async function login(email: string, password = TEST_PASSWORD): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const body = res.json();
    if (!body.access_token) throw new Error(`login failed for ${email}: ${res.body}`);
    return body.access_token as string;
  }

  /** A user holding exactly these grants (through a role of its own). */
  async function createUser(opts: { email: string; grants: Grant[]; role?: number; customerId?: number | null }) {
    const [company] = await database.query<{ id: number }>('select id from companies order by id limit 1');
    const companyId = company?.id ?? 1;
    const [role] = await db
      .insert(roles)
      .values({ companyId, name: `role for ${opts.email}` })
      .returning();
    if (!role) throw new Error('role not created');
    if (opts.grants.length) {
      await db
        .insert(rolePermissions)
        .values(opts.grants.map((g) => ({ roleId: role.id, sectionId: g.section, actionId: g.action })));
    }
    const [user] = await db
      .insert(users)
      .values({
        companyId,
        email: opts.email,
        name: opts.email.split('@')[0] ?? 'user',
        passwordHash: await hashPassword(TEST_PASSWORD),
        role: opts.role ?? 4,
        permissionRoleId: role.id,
        customerId: opts.customerId ?? null,
      })
      .returning();
    if (!user) throw new Error('user not created');
    return { user, role, token: await login(opts.email) };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    app,
    routes,
    database,
    db,
    config,
    login,
    createUser,
    bearer,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
