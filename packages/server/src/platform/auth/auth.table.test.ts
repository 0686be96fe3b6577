import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
// The composition root: as drizzle-kit reads it, with the customers module loaded.
import { customers, roles, users } from '../../db/schema';

describe('customer references of platform tables', () => {
  it('users.customer_id and roles.customer_id reference customers and are cleared when it goes', () => {
    for (const table of [users, roles]) {
      const fk = getTableConfig(table).foreignKeys.find((f) => f.reference().columns[0] === table.customerId);
      expect(fk?.reference().foreignColumns).toEqual([customers.id]);
      expect(fk?.onDelete).toBe('set null');
    }
  });
});
