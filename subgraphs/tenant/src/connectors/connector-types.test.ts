import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CONNECTOR_TYPE_NAMES, maskedConfig, secretFieldsOf, validateConfig } from './connector-types';

const MIGRATIONS = join(__dirname, '..', '..', '..', '..', 'prisma', 'migrations');

describe('connector types', () => {
  it('are exactly the CONNECTOR entries of the marketplace catalogue the config subgraph seeds', () => {
    const sql = readdirSync(MIGRATIONS).filter((d) => /^\d+_/.test(d)).map((d) => { try { return readFileSync(join(MIGRATIONS, d, 'migration.sql'), 'utf8'); } catch { return ''; } }).join('\n');
    const seeded = [...sql.matchAll(/\('CONNECTOR', '([a-z0-9_]+)'/g)].map((m) => m[1]);
    expect(seeded.length).toBeGreaterThan(0);
    expect([...CONNECTOR_TYPE_NAMES].sort()).toEqual([...new Set(seeded)].sort());
  });

  it('splits secrets from clear fields and fills default ports', () => {
    expect(validateConfig('postgresql', { host: 'db.local', database: 'd', username: 'u', password: 'p' })).toEqual({ config: { host: 'db.local', port: 5432, database: 'd', username: 'u' }, secrets: { password: 'p' } });
    expect(validateConfig('mysql', { host: '10.0.0.2', port: '3307', database: 'd', username: 'u' }).config.port).toBe(3307);
    expect(secretFieldsOf('s3')).toEqual(['secretAccessKey']);
    expect(maskedConfig('s3', { bucket: 'b' }, ['secretAccessKey'])).toEqual({ bucket: 'b', secretAccessKey: '********' });
  });

  it.each([
    ['nosuchtype', {}, 'type'],
    ['postgresql', { host: 'db', database: 'd' }, 'config.username'],
    ['postgresql', { host: 'bad host', database: 'd', username: 'u' }, 'config.host'],
    ['mongodb', { connectionString: 'http://x', database: 'd' }, 'config.connectionString'],
    ['jira', { domain: 'x.atlassian.net', email: 'nope', apiToken: 't' }, 'config.email'],
    ['hubspot', { accessToken: 't', extra: 1 }, 'config.extra'],
  ])('refuses %s %o', (type, config, field) => {
    expect(() => validateConfig(type, config)).toThrow(expect.objectContaining({ code: expect.stringMatching(/DPF-TEN-122/), details: { field } }));
  });
});
