import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate (npm run db:generate -- --name NAME)` writes SQL migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
});
