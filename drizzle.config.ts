import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
  // The job queue's tables live in the « pgboss » schema, created and migrated by pg-boss at start-up
  // (src/server/jobs/job-queue.ts): drizzle-kit must never try to drop or rewrite them.
  schemaFilter: ['public'],
});
