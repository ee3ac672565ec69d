#!/usr/bin/env node
// Runs the Prisma CLI offline. Prisma 6.19 tries to download native engines at start unless
// these variables name an existing file; generate and `migrate diff` never execute them
// (ARCHITECTURE.md, "Prisma").
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const placeholder = join(root, 'package.json');
const cli = createRequire(import.meta.url).resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: placeholder,
    PRISMA_QUERY_ENGINE_LIBRARY: placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
    PRISMA_GENERATE_SKIP_AUTOINSTALL: '1',
  },
});
process.exit(result.status ?? 1);
