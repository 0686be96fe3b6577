import { defineConfig } from 'drizzle-kit';

// Migrations only come from `npm run db:generate`; they are applied at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
