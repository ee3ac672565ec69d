#!/usr/bin/env node
// `npm start`: the whole platform in one process (see README "Configuration").
import { ConfigError, createLogger, loadConfig } from '@dataplat/kit';
import { startPlatform } from './platform';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const logger = createLogger(config.LOG_LEVEL, 'dataplat');
  const platform = await startPlatform(config, logger);
  if (platform.generatedAdminPassword) {
    // Printed once, on the start that created the account; never logged, never stored in clear.
    process.stdout.write(
      `\n  Bootstrap platform admin created\n    e-mail:   ${config.PLATFORM_ADMIN_EMAIL}\n    password: ${platform.generatedAdminPassword}\n  (shown only this once: change it after the first login)\n\n`,
    );
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without a clean shutdown');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    platform.stop().then(
      () => process.exit(0),
      (e) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((e) => {
  process.stderr.write(`Start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
