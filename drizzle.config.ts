import { defineConfig } from 'drizzle-kit';

// Migrations are generated (`npm run db:generate`) and committed; the app applies them at start on both drivers.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './drizzle',
});
