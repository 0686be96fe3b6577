import { makeGrantSet } from '@backhaul/shared';
import { formatCellValue } from '@backhaul/shared/formats/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLists } from '../../../test/app-lists';
import { createTestApp, type TestContext } from '../../../test/harness';
import type { AuthUser } from '../auth/access';
import { columnMeta } from './define-list';
import { runList } from './run-list';

let t: TestContext;
let admin: AuthUser;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.query<Record<string, unknown>>(
    "select id, company_id, email, name, role from users where email = 'admin@backhaul.demo'",
  );
  admin = {
    id: Number(row?.id),
    companyId: Number(row?.company_id),
    email: String(row?.email),
    name: String(row?.name),
    role: Number(row?.role),
    permissionRoleId: null,
    departmentId: null,
    customerId: null,
    image: null,
    grants: makeGrantSet([], true),
  };
});
afterAll(() => t.close());

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
/** A date written any other way (MM/DD/YYYY, an ISO instant) in a cell a user reads. */
const OTHER_DATE = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe('one date format in every list (constants: YYYY-MM-DD, YYYY-MM-DD HH:mm)', () => {
  it('renders every date column of every list in the one format, and no other column holds a date', async () => {
    const lists = appLists();
    expect(lists.length).toBeGreaterThan(20);
    const checked: string[] = [];
    for (const def of lists) {
      const res = await runList(t.db, def, admin, { limit: 50 });
      for (const meta of columnMeta(def)) {
        const cells = res.rows
          .map((r) => (r as Record<string, unknown>)[meta.id])
          .filter((v) => v !== null && v !== undefined && v !== '')
          .map((v) => formatCellValue(meta.format, v));
        if (meta.format === 'date' || meta.format === 'datetime') {
          const shape = meta.format === 'date' ? DATE : DATE_TIME;
          for (const c of cells) expect(c, `${def.key}.${meta.id}`).toMatch(shape);
          if (cells.length) checked.push(`${def.key}.${meta.id}`);
        } else {
          for (const c of cells)
            expect(c, `${def.key}.${meta.id} is a date: declare its format`).not.toMatch(OTHER_DATE);
        }
      }
    }
    // The lists the issue names are among those checked.
    expect(checked).toEqual(
      expect.arrayContaining(['customers.created_at', 'trips.delivery_datetime', 'invoice.from']),
    );
  });
});
