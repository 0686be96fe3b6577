import { departments } from '../auth/auth.table';
import type { Seeder } from '../seed/seed';
import { appVersions, companies } from './companies.table';

export const DEMO_DEPARTMENTS = ['Dispatch', 'Accounting', 'Safety', 'Shop', 'Management', 'Sales'] as const;

export const companiesSeeder: Seeder = {
  name: 'company',
  async run(ctx) {
    const [company] = await ctx.db
      .insert(companies)
      .values({ name: 'Backhaul Demo Freight', timeZone: 'America/Chicago' })
      .returning({ id: companies.id });
    if (!company) throw new Error('company not created');
    ctx.refs.set('companyId', company.id);
    await ctx.db.insert(appVersions).values({
      version: '0.1.0',
      versionShow: true,
      description:
        'First release: dispatch (trips and loads, PPW, mileage, rate-confirmation reading, statistics), receivables ' +
        '(billing, invoice generation in seconds, payments, AR aging, factoring schedules, short payments) and the ' +
        'Maintenance registries, with roles and permissions on every screen.',
    });
    const rows = await ctx.db
      .insert(departments)
      .values(DEMO_DEPARTMENTS.map((name) => ({ companyId: company.id, name })))
      .returning({ id: departments.id, name: departments.name });
    ctx.refs.set('departments', new Map(rows.map((r) => [r.name, r.id])));
  },
};
