import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from src/db/schema and applied at start-up on PGlite and PostgreSQL alike. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
