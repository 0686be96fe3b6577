import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { buildPgliteTemplate, buildPostgresTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `backhaul_tpl_${process.pid}`;
    await buildPostgresTemplate(url, name);
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    // The template goes with the run, so a shared server does not collect one per run.
    return async () => {
      const admin = await openPostgres(url, 1);
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }
  const dump = await buildPgliteTemplate();
  const file = join(tmpdir(), `backhaul-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rm(file, { force: true });
}
