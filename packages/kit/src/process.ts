import { ConfigError, loadConfig, type PlatformConfig } from './config';
import { createLogger, type Logger } from './logger';
import type { SettingsShape } from './setting';

/**
 * Runs a process entry point: loads the configuration, the base settings plus `settings`
 * (invalid: message naming every invalid variable, exit 2), starts, and on SIGINT/SIGTERM
 * stops cleanly (exit 0). A failed start exits 1 with the reason on stderr.
 */
export function runMain(name: string, start: (config: PlatformConfig, logger: Logger) => Promise<() => Promise<void>>, settings: SettingsShape = {}): void {
  let config: PlatformConfig;
  try {
    config = loadConfig(process.env, settings);
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
  const logger = createLogger(config.LOG_LEVEL, name);
  start(config, logger).then(
    (stop) => {
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) {
          logger.warn({ signal }, 'second signal: exiting without a clean shutdown');
          process.exit(1);
        }
        stopping = true;
        logger.info({ signal }, 'shutting down');
        stop().then(
          () => process.exit(0),
          (e) => {
            logger.error({ err: e }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.on('SIGINT', () => shutdown('SIGINT'));
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGHUP', () => shutdown('SIGHUP'));
    },
    (e) => {
      process.stderr.write(`Start-up failed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}

/** A variable a process cannot run without in its mode. */
export function requireSetting<T>(value: T | undefined, variable: string, why: string): T {
  if (value === undefined || value === '') {
    process.stderr.write(`Invalid configuration:\n  ${variable}: required ${why}\n`);
    process.exit(2);
  }
  return value;
}
