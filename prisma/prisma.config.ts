// Prisma CLI configuration. `engine: "js"` makes `migrate diff` use the WebAssembly schema
// engine bundled with the CLI (no native engine download; see ARCHITECTURE.md). That engine
// opens a connection even for a diff between two schema files, so the adapter must reach
// some PostgreSQL (scripts/new-migration.mjs defaults to the local one); nothing is written.
import { PrismaPg } from '@prisma/adapter-pg';
import { defineConfig } from 'prisma/config';

export default defineConfig({
  experimental: { adapter: true },
  schema: '.composed-schema',
  engine: 'js',
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? 'postgresql://127.0.0.1:1/unused' });
  },
});
