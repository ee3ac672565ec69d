import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig, parseDurationSeconds } from './config';

const SECRET = 'config-test-secret-config-test-secret-0123';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('parseDurationSeconds', () => {
  it.each([
    ['900', 900],
    ['900s', 900],
    ['15m', 900],
    ['2h', 7200],
    ['7d', 604800],
    [' 5m ', 300],
    ['1500ms', 1],
  ])('parses %p as %d seconds', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });

  it.each(['', 'abc', '15 minutes', '-5m', '1.5h', '10w', 'm'])('rejects %p as not a duration', (text) => {
    expect(() => parseDurationSeconds(text)).toThrow('is not a duration');
  });

  it.each(['0', '0s', '500ms'])('rejects %p as not positive', (text) => {
    expect(() => parseDurationSeconds(text)).toThrow('must be a positive duration');
  });
});

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dataplat-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies the documented defaults', () => {
    const cfg = loadConfig({ JWT_SECRET: SECRET });
    expect(cfg.PORT).toBe(8080);
    expect(cfg.HOST).toBe('0.0.0.0');
    expect(cfg.NODE_ENV).toBe('development');
    expect(cfg.DATA_DIR).toBe(resolve(process.cwd(), 'data'));
    expect(cfg.ACCESS_TOKEN_TTL).toBe(900);
    expect(cfg.REFRESH_TOKEN_TTL).toBe(604800);
    expect(cfg.SERVICE_TOKEN_TTL).toBe(300);
    expect(cfg.LOGIN_LOCK_DURATION).toBe(900);
    expect(cfg.IDEMPOTENCY_TTL).toBe(86400);
    expect(cfg.LOG_LEVEL).toBe('info');
    expect(cfg.RATE_LIMIT_PER_MINUTE).toBe(1200);
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.REDIS_URL).toBeUndefined();
    expect(cfg.JWT_SECRET).toBe(SECRET);
    expect(cfg.embeddedDatabase).toBe(true);
  });

  it('gives the background loops a 30 s safety net by default, in milliseconds; shorter ones are accepted', () => {
    const cfg = loadConfig({ JWT_SECRET: SECRET });
    expect(cfg.BACKGROUND_POLL_INTERVAL).toBe(30_000);
    const fast = loadConfig({ JWT_SECRET: SECRET, BACKGROUND_POLL_INTERVAL: '250ms' });
    expect(fast.BACKGROUND_POLL_INTERVAL).toBe(250);
    expect(configError({ JWT_SECRET: SECRET, BACKGROUND_POLL_INTERVAL: '0ms' }).message).toMatch(/^\s+BACKGROUND_POLL_INTERVAL: /m);
  });

  it('reads explicit values and resolves DATA_DIR to an absolute path', () => {
    const cfg = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '9090',
      DATA_DIR: dataDir,
      ACCESS_TOKEN_TTL: '5m',
      REFRESH_TOKEN_TTL: '1d',
      DATABASE_URL: 'postgresql://u:p@db.example:5432/dataplat',
    });
    expect(cfg.PORT).toBe(9090);
    expect(cfg.DATA_DIR).toBe(resolve(dataDir));
    expect(cfg.ACCESS_TOKEN_TTL).toBe(300);
    expect(cfg.REFRESH_TOKEN_TTL).toBe(86400);
    expect(cfg.DATABASE_URL).toBe('postgresql://u:p@db.example:5432/dataplat');
    expect(cfg.embeddedDatabase).toBe(false);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    const cfg = loadConfig({ JWT_SECRET: SECRET, DATABASE_URL: '' });
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.embeddedDatabase).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'not-a-url'],
    ['REDIS_URL', 'not a url'],
    ['ACCESS_TOKEN_TTL', 'forever'],
    ['NODE_ENV', 'staging'],
    ['PLATFORM_ADMIN_EMAIL', 'nobody'],
    ['PLATFORM_ADMIN_PASSWORD', 'short'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
  ])('names %s in the error for %p', (name, value) => {
    const env = { JWT_SECRET: SECRET, DATA_DIR: dataDir, [name]: value };
    const e = configError(env);
    expect(e.name).toBe('ConfigError');
    expect(e.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('names every invalid variable at once', () => {
    const e = configError({ PORT: 'abc', LOG_LEVEL: 'loud', JWT_SECRET: 'short' });
    for (const name of ['PORT', 'LOG_LEVEL', 'JWT_SECRET']) expect(e.message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('explains why a short JWT_SECRET is refused', () => {
    expect(configError({ JWT_SECRET: 'x'.repeat(31) }).message).toContain('JWT_SECRET: must be at least 32 characters');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toBe('x'.repeat(32));
  });

  it('requires JWT_SECRET in production and writes nothing', () => {
    const e = configError({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(e.message).toContain('JWT_SECRET: required when NODE_ENV=production');
    expect(() => statSync(join(dataDir, 'jwt-secret'))).toThrow();
  });

  it('generates a JWT_SECRET outside production once and keeps it under DATA_DIR (0600)', () => {
    const nested = join(dataDir, 'not', 'yet', 'there');
    const first = loadConfig({ DATA_DIR: nested });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = join(nested, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: nested }).JWT_SECRET).toBe(first.JWT_SECRET);
  });

  it('generates a different secret for a different DATA_DIR', () => {
    const a = loadConfig({ DATA_DIR: join(dataDir, 'a') }).JWT_SECRET;
    const b = loadConfig({ DATA_DIR: join(dataDir, 'b') }).JWT_SECRET;
    expect(a).not.toBe(b);
  });

  it('prefers an explicit JWT_SECRET over the persisted one and does not persist it', () => {
    const generated = loadConfig({ DATA_DIR: dataDir }).JWT_SECRET;
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET }).JWT_SECRET).toBe(SECRET);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(generated);
  });
});
