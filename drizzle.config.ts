import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL into migrations/; wrangler applies it and keeps the one migration
// tracker (the d1_migrations table), locally and in production.
export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./migrations",
});
