import { and, eq, isNotNull } from 'drizzle-orm';
import { users } from '../../platform/auth/auth.table';
import { clock } from '../../platform/clock';
import { inChunks } from '../../platform/seed/chunks';
import { ref, type Seeder } from '../../platform/seed/seed';
import { customers } from '../customers';
import { reports } from './reports.table';

const KINDS = ['old', 'safety', 'billing'] as const;

/** Reports of the last months for a few customers, most of them sent (their PDFs are built on the next send). */
export const reportsSeeder: Seeder = {
  name: 'reports',
  async run(ctx) {
    const companyId = ref<number>(ctx, 'companyId');
    const [safety] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'safety@backhaul.demo'));
    const list = await ctx.db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), isNotNull(customers.email)))
      .limit(Math.max(2, Math.round(8 * ctx.scale)));
    const now = clock.now();
    const rows = list.flatMap((c, i) =>
      KINDS.flatMap((kind, k) =>
        [1, 2, 3].map((back) => {
          const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
          const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
          const sent = (i + k + back) % 4 !== 0;
          return {
            companyId,
            kind,
            customerId: c.id,
            periodFrom: start.toISOString().slice(0, 10),
            periodTo: end.toISOString().slice(0, 10),
            format: 'pdf',
            status: sent ? 'sent' : 'created',
            sentTo: sent ? c.email : null,
            sentAt: sent ? new Date(end.getTime() + 3 * 86_400_000) : null,
            createdBy: safety?.id ?? null,
          };
        }),
      ),
    );
    await inChunks(rows, (chunk) => ctx.db.insert(reports).values(chunk));
  },
};
