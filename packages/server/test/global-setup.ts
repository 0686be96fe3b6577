import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
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
    return;
  }
  const dump = await buildPgliteTemplate();
  const file = join(tmpdir(), `backhaul-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
}
