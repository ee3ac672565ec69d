#!/usr/bin/env node
// `npm start`: the whole platform in one process (see README "Configuration").
import { runMain } from '@dataplat/kit';
import { startPlatform } from './platform';
import { SUBGRAPH_SETTINGS } from './registry';

runMain('dataplat', async (config, logger) => {
  const platform = await startPlatform(config, logger);
  if (platform.generatedAdminPassword) {
    // Printed once, on the start that created the account; never logged, never stored in clear.
    process.stdout.write(
      `\n  Bootstrap platform admin created\n    e-mail:   ${config.PLATFORM_ADMIN_EMAIL}\n    password: ${platform.generatedAdminPassword}\n  (shown only this once: keep it somewhere safe)\n\n`,
    );
  }
  return platform.stop;
}, SUBGRAPH_SETTINGS);
