import { portVariable, urlVariable } from '@dataplat/kit';
import { loadPlatformConfig, SUBGRAPHS, SUBGRAPH_SETTINGS } from './registry';
import { remoteSubgraphs } from './subgraphs';

const SECRET = 'registry-test-secret-registry-test-secret-0123';

describe('the registry', () => {
  it('gives the spec services their in-cluster ports, identity starting first', () => {
    expect(SUBGRAPHS.map((s) => [s.name, s.defaultPort])).toEqual(
      expect.arrayContaining([
        ['identity', 8081],
        ['tenant', 8082],
        ['config', 8888],
        ['notification', 8085],
        ['billing', 8087],
        ['audit', 8086],
      ]),
    );
    expect(SUBGRAPHS[0].name).toBe('identity');
  });

  it('gives each PostgreSQL schema one owner', () => {
    const owned = SUBGRAPHS.flatMap((s) => s.databaseSchemas);
    expect(new Set(owned).size).toBe(owned.length);
  });

  it('derives every subgraph port and URL setting, and merges the subgraphs own settings', () => {
    const config = loadPlatformConfig({ JWT_SECRET: SECRET, BILLING_URL: 'http://billing:8087/graphql' }) as unknown as Record<string, unknown>;
    for (const s of SUBGRAPHS) {
      expect(config[portVariable(s.name)]).toBe(s.defaultPort);
      expect(Object.keys(SUBGRAPH_SETTINGS)).toContain(urlVariable(s.name));
    }
    expect(config).toMatchObject({ BILLING_URL: 'http://billing:8087/graphql', BILLING_INVOICE_INTERVAL: 3600, AUDIT_CHAIN_INTERVAL: 30_000, AUDIT_PURGE_INTERVAL: 3600, NOTIFICATION_RETRY_BASE: 30 });
  });

  it('gives a separate edge every subgraph at its URL setting', () => {
    const env = Object.fromEntries(SUBGRAPHS.map((s) => [urlVariable(s.name), `http://${s.name}.internal/graphql`]));
    const endpoints = remoteSubgraphs(loadPlatformConfig({ JWT_SECRET: SECRET, ...env }));
    expect(endpoints).toEqual(SUBGRAPHS.map((s) => ({ name: s.name, url: `http://${s.name}.internal/graphql` })));
  });
});
