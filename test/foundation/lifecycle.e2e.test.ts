import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../harness/client';
import { createUser } from '../harness/factories';
import { runLauncher, startPlatform } from '../harness/platform';

describe('restart', () => {
  it('keeps data: a user created before a restart logs in after it', async () => {
    const platform = await startPlatform();
    try {
      const api = new ApiClient(platform.baseUrl);
      const admin = await api.login(platform.adminEmail, platform.adminPassword);
      const user = await createUser(api, admin.accessToken, { firstName: 'Persistent' });

      await platform.restart();

      const session = await api.login(user.email, user.password);
      const me = await api.get('/api/v1/users/me', { token: session.accessToken });
      expect(me.body).toMatchObject({ id: user.id, firstName: 'Persistent' });
      // Tokens issued before the restart stay valid (the signing secret is kept).
      expect((await api.get('/api/v1/users/me', { token: admin.accessToken })).status).toBe(200);
      expect((await api.post('/api/v1/auth/refresh', { refreshToken: admin.refreshToken })).status).toBe(200);
    } finally {
      await platform.stop();
    }
  });
});

// Only the embedded database is the platform's to stop.
const describeEmbedded = process.env.E2E_DATABASE_URL ? describe.skip : describe;

describeEmbedded('shutdown', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)('%s stops the platform and its embedded PostgreSQL cleanly', async (signal) => {
    const platform = await startPlatform();
    try {
      const pidFile = join(platform.dataDir, 'postgres', 'postmaster.pid');
      const postgresPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      expect(postgresPid).toBeGreaterThan(0);
      expect(await platform.signal(signal)).toBe(0);
      expect(existsSync(pidFile)).toBe(false);
      expect(() => process.kill(postgresPid, 0)).toThrow();
    } finally {
      await platform.stop();
    }
  });
});

describe('bootstrap platform admin', () => {
  it('prints a generated password once, and it works', async () => {
    const platform = await startPlatform({ env: { PLATFORM_ADMIN_PASSWORD: '' } });
    try {
      const printed = /password: (\S+)/.exec(platform.output());
      expect(printed).not.toBeNull();
      const api = new ApiClient(platform.baseUrl);
      expect((await api.login(platform.adminEmail, printed![1])).user.roles).toContain('PLATFORM_ADMIN');
      await platform.restart();
      expect(platform.output().match(/password: /g)).toHaveLength(1);
    } finally {
      await platform.stop();
    }
  });
});

describe('invalid configuration', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'dataplat-cfg-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ACCESS_TOKEN_TTL: 'soon' }, 'ACCESS_TOKEN_TTL'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
  ])('%p stops start-up naming %s', async (env, variable) => {
    const { code, output } = await runLauncher({ DATA_DIR: dataDir, ...env });
    expect(code).toBe(2);
    expect(output).toContain(variable);
  });

  it('an unreachable DATABASE_URL fails start-up with a clear message', async () => {
    const { code, output } = await runLauncher({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none', PORT: '0' });
    expect(code).toBe(1);
    expect(output).toMatch(/Start-up failed: .*ECONNREFUSED/);
  });
});
