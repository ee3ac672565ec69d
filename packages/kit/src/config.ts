import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { setting, type SettingsShape } from './setting';

export { parseDurationSeconds } from './setting';

/** Raised for invalid configuration; the message always names the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const { duration, port, unsetIfEmpty } = setting;
const optionalUrl = setting.optionalUrl();

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxySpec(token: string): boolean {
  const [address, bits, extra] = token.split('/');
  if (extra !== undefined) return false;
  if (PROXY_NAMES.has(token)) return true;
  const family = isIP(address);
  if (!family) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * The platform's own settings. Each subgraph adds its `<NAME>_PORT`, `<NAME>_URL` and own
 * settings (`subgraphSettings`, ./platform/subgraph-settings.ts), given to loadConfig.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  EMBEDDED_PG_PORT: port(0),
  JWT_SECRET: unsetIfEmpty(z.string().min(32, 'must be at least 32 characters (256 bits) for HS256').optional()),
  JWT_ISSUER: z.string().min(1).default('dataplat'),
  /** Key for secrets encrypted at rest (SecretBox); derived from JWT_SECRET when unset. */
  DATA_ENCRYPTION_KEY: unsetIfEmpty(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL: duration('15m'),
  REFRESH_TOKEN_TTL: duration('7d'),
  SERVICE_TOKEN_TTL: duration('5m'),
  PLATFORM_ADMIN_EMAIL: z.string().email().default('admin@dataplat.local'),
  PLATFORM_ADMIN_PASSWORD: unsetIfEmpty(z.string().min(12, 'must be at least 12 characters').optional()),
  REDIS_URL: optionalUrl,
  /**
   * Which peers may set the client address with X-Forwarded-For / X-Real-IP: `false`,
   * `true` (anyone: only behind a proxy that strips them), or addresses, CIDRs and the
   * names loopback, linklocal, uniquelocal, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every((t) => isProxySpec(t.trim())), {
      message: 'must be true, false, or comma-separated addresses, CIDRs or loopback/linklocal/uniquelocal',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * One-process mode only: `in-process` (default) lets the gateway execute the subgraphs
   * beside it directly; `http` sends its fetches over loopback HTTP as a separate edge does.
   */
  SUBGRAPH_TRANSPORT: z.enum(['in-process', 'http']).default('in-process'),
  /**
   * Safety net of the background loops that wake on notices of the rows they work on
   * (notification deliveries and the platform outbox, compliance reports, the tenant service's
   * provisioning, migration and connector jobs and its alert rules): without a notice each looks on
   * its own only this often. Work due later (retries, leases, evaluation periods) is run when due.
   */
  BACKGROUND_POLL_INTERVAL: setting.durationMs('30s'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Most nested field selections in one GraphQL operation (docs/hardening.md). */
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().positive().default(12),
  /** Most aliases in one GraphQL operation. */
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().positive().default(30),
  /** Highest cost of one GraphQL operation (objects 2, scalars 1, each level x1.5). */
  GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(5000),
  /** Most lexical tokens in one GraphQL document (bounds the parser's work). */
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().positive().default(2000),
  /** Most directives in one GraphQL operation. */
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().positive().default(50),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_DURATION: duration('15m'),
  MAX_TRUSTED_DEVICES: z.coerce.number().int().min(0).default(5),
  IDEMPOTENCY_TTL: duration('24h'),
  API_KEY_ROTATION_GRACE: duration('24h'), // the old key of a rotation keeps working this long
  /** Public base URL of the platform, for links in e-mails. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /** SMTP server for e-mail (smtp://user:pass@host:587, smtps://...); unset: e-mails are written to DATA_DIR/mail. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Data platform <no-reply@dataplat.local>'),
  /** open: anyone may register (POST /api/v1/auth/register); closed: accounts come from administrators only. */
  SELF_REGISTRATION: z.enum(['open', 'closed']).default('open'),
  EMAIL_VERIFICATION_TTL: duration('24h'),
  PASSWORD_RESET_TTL: duration('1h'),
});

export type PlatformConfig = Omit<z.infer<typeof EnvSchema>, 'JWT_SECRET' | 'DATA_DIR'> & {
  DATA_DIR: string;
  JWT_SECRET: string;
  /** True when no DATABASE_URL is given: the launcher runs PostgreSQL under DATA_DIR. */
  embeddedDatabase: boolean;
};

/**
 * Reads and validates the platform configuration from the environment: the base settings
 * plus `settings` (the subgraphs' fragments). Fails with a ConfigError naming every invalid
 * variable. An unset JWT_SECRET outside production is generated once and kept under DATA_DIR
 * so tokens survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, settings: SettingsShape = {}): PlatformConfig {
  const parsed = platformSchema(settings).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // The subgraphs' settings ride along; each subgraph reads its own through SubgraphConfig.
  const cfg = parsed.data as z.output<typeof EnvSchema>;
  const dataDir = resolve(cfg.DATA_DIR);
  let secret = cfg.JWT_SECRET;
  if (!secret) {
    if (cfg.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
    }
    secret = persistedSecret(dataDir, 'jwt-secret');
  }
  return { ...cfg, DATA_DIR: dataDir, JWT_SECRET: secret, embeddedDatabase: !cfg.DATABASE_URL };
}

/** The base settings extended by `settings`; a variable declared twice is a programming error. */
export function platformSchema(settings: SettingsShape = {}) {
  const taken = Object.keys(settings).filter((name) => name in EnvSchema.shape);
  if (taken.length) throw new Error(`settings already defined by the platform: ${taken.join(', ')}`);
  return EnvSchema.extend(settings);
}

/** A random secret created on first use and kept (mode 0600) under the data directory. */
function persistedSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // Written to a private temp file and linked in: a concurrent starter sees all or nothing.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, secret + '\n', { mode: 0o600 });
    chmodSync(temp, 0o600);
    try {
      linkSync(temp, file);
      return secret;
    } finally {
      unlinkSync(temp);
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const kept = readFileSync(file, 'utf8').trim();
  if (kept.length < 32) throw new ConfigError(`Invalid configuration:\n  JWT_SECRET: the kept secret in ${file} is too short; delete the file or set JWT_SECRET`);
  return kept;
}
