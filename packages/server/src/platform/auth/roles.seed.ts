import { DEMO_ROLES, grantsFor } from '@backhaul/shared/permissions/demo-roles';
import type { Seeder } from '../seed/seed';
import { ref } from '../seed/seed';
import { rolePermissions, roles } from './auth.table';

export const rolesSeeder: Seeder = {
  name: 'roles',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const demoCustomerId = ref<number>(ctx, 'demoCustomerId');
    const ids = new Map<string, number>();
    const [admin] = await ctx.db
      .insert(roles)
      .values({ companyId, name: 'Administrator', allPermissions: true })
      .returning({ id: roles.id });
    ids.set('Administrator', admin?.id ?? 0);
    for (const [name, spec] of Object.entries(DEMO_ROLES)) {
      const [role] = await ctx.db
        .insert(roles)
        .values({ companyId, name, customerId: name === 'Customer' ? demoCustomerId : null })
        .returning({ id: roles.id });
      if (!role) throw new Error(`role ${name} not created`);
      ids.set(name, role.id);
      await ctx.db
        .insert(rolePermissions)
        .values(grantsFor(spec).map((g) => ({ roleId: role.id, sectionId: g.section, actionId: g.action })));
    }
    ctx.refs.set('roleIds', ids);
  },
};
