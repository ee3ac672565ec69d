import { ConfigError, loadConfig } from '../config';
import { setting } from '../setting';
import { defineSubgraph, portVariable, urlVariable, type SubgraphDefinition } from './subgraph-definition';
import { checkRegistry, subgraphSettings, type AnySubgraph } from './subgraph-settings';

const SECRET = 'settings-test-secret-settings-test-secret-01';

function subgraph(name: string, defaultPort: number, more: Partial<SubgraphDefinition<unknown, any>> = {}): AnySubgraph {
  return defineSubgraph<unknown, any>({
    name,
    defaultPort,
    peers: {},
    settings: {},
    databaseSchemas: [],
    start: async () => {
      throw new Error('not started in this test');
    },
    buildSchema: async () => {
      throw new Error('not built in this test');
    },
    ...more,
  });
}

const billing = subgraph('billing', 8087, {
  peers: { tenant: 'plans' },
  settings: { BILLING_INVOICE_INTERVAL: setting.duration('1h').describe('How often invoices are drafted') },
});
const tenant = subgraph('tenant', 8082);

describe('subgraph variables', () => {
  it('derive from the name', () => {
    expect([portVariable('billing'), urlVariable('billing'), portVariable('data-quality')]).toEqual(['BILLING_PORT', 'BILLING_URL', 'DATA_QUALITY_PORT']);
  });

  it('refuse names that would not make a variable', () => {
    expect(() => subgraph('Billing', 1)).toThrow('must be lower-case');
    expect(() => subgraph('bill_ing', 1)).toThrow('must be lower-case');
  });
});

describe('subgraphSettings', () => {
  const settings = subgraphSettings([tenant, billing]);

  it('adds each subgraph port (default its defaultPort), its URL and its own settings, each described', () => {
    const cfg = loadConfig({ JWT_SECRET: SECRET }, settings) as unknown as Record<string, unknown>;
    expect(cfg).toMatchObject({ TENANT_PORT: 8082, BILLING_PORT: 8087, BILLING_INVOICE_INTERVAL: 3600 });
    expect(cfg.BILLING_URL).toBeUndefined();
    expect(Object.keys(settings)).toEqual(['TENANT_PORT', 'TENANT_URL', 'BILLING_PORT', 'BILLING_URL', 'BILLING_INVOICE_INTERVAL']);
    for (const schema of Object.values(settings)) expect(schema.description).toBeTruthy();
    expect(settings.TENANT_URL.description).toContain('the edge, billing');
  });

  it('reads them from the environment, an empty URL counting as unset', () => {
    const cfg = loadConfig({ JWT_SECRET: SECRET, BILLING_PORT: '0', TENANT_URL: 'http://tenant:8082/graphql', BILLING_URL: '', BILLING_INVOICE_INTERVAL: '5m' }, settings) as unknown as Record<string, unknown>;
    expect(cfg).toMatchObject({ BILLING_PORT: 0, TENANT_URL: 'http://tenant:8082/graphql', BILLING_INVOICE_INTERVAL: 300 });
    expect(cfg.BILLING_URL).toBeUndefined();
  });

  it('lists every invalid variable, base and subgraph alike', () => {
    try {
      loadConfig({ JWT_SECRET: SECRET, PORT: 'x', BILLING_PORT: '70000', TENANT_URL: 'not a url', BILLING_INVOICE_INTERVAL: 'soon' }, settings);
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const lines = (e as Error).message.split('\n').slice(1).map((l) => l.trim().split(':')[0]);
      expect(lines.sort()).toEqual(['BILLING_INVOICE_INTERVAL', 'BILLING_PORT', 'PORT', 'TENANT_URL']);
    }
  });

  it('refuses a variable declared twice, or one the platform already has', () => {
    const twin = subgraph('twin', 9000, { settings: { BILLING_INVOICE_INTERVAL: setting.duration('1h') } });
    expect(() => subgraphSettings([billing, twin])).toThrow('BILLING_INVOICE_INTERVAL of the twin subgraph is declared twice');
    const clash = subgraph('clash', 9001, { settings: { PORT: setting.port(1) } });
    expect(() => loadConfig({ JWT_SECRET: SECRET }, subgraphSettings([clash]))).toThrow('already defined by the platform: PORT');
  });
});

describe('checkRegistry', () => {
  it('accepts a registry whose peers are all registered', () => {
    expect(() => checkRegistry([tenant, billing])).not.toThrow();
  });

  it('refuses duplicates, unregistered peers and shared default ports', () => {
    expect(() => checkRegistry([tenant, tenant])).toThrow('registered twice');
    expect(() => checkRegistry([billing])).toThrow('billing calls tenant, which is not registered');
    expect(() => checkRegistry([tenant, subgraph('other', 8082)])).toThrow('tenant and other have the same default port 8082');
  });

  it('refuses a subgraph that calls itself', () => {
    expect(() => subgraph('loop', 1, { peers: { loop: 'itself' } })).toThrow('names itself as a peer');
  });
});
