import { DomainError } from '@dataplat/kit';
import { TenantError } from '../errors';

/** How a configuration field is checked (secrets are sealed at rest and never returned). */
type FieldKind = 'text' | 'host' | 'port' | 'url' | 'email' | 'secret';

interface FieldSpec {
  kind: FieldKind;
  required: boolean;
  /** Used when the field is omitted (ports). */
  default?: number;
}

/** What the local connection test does for a type (docs/tenant-operations.md "Connection test"). */
export type ProbeKind = 'postgres' | 'tcp' | 'http' | 'mongodb-tcp';

export interface ConnectorTypeSpec {
  fields: Record<string, FieldSpec>;
  probe: ProbeKind;
  /** The URL an http probe requests, from the (opened) configuration. */
  probeUrl?: (c: Record<string, unknown>) => string;
  /** Whether a local metadata reader exists (POST /sync). */
  metadataSync: boolean;
}

const req = (kind: FieldKind, d?: number): FieldSpec => ({ kind, required: true, default: d });
const opt = (kind: FieldKind, d?: number): FieldSpec => ({ kind, required: false, default: d });
const db = (port: number, nameField = 'database') => ({ host: req('host'), port: opt('port', port), [nameField]: req('text'), username: req('text'), password: opt('secret') });

/**
 * The connector types, with their configuration fields. The list of type names is the
 * CONNECTOR catalogue the config subgraph seeds (config.marketplace_items, migration
 * 20261121201656_config): it is duplicated here on purpose (the tenant service does not read
 * another service's tables, and a connector type needs its field rules and its probe, which the
 * catalogue does not hold). connector-types.test.ts checks the names against that migration.
 */
export const CONNECTOR_TYPES: Record<string, ConnectorTypeSpec> = {
  postgresql: { fields: { ...db(5432), schema: opt('text') }, probe: 'postgres', metadataSync: true },
  mysql: { fields: db(3306), probe: 'tcp', metadataSync: false },
  sqlserver: { fields: db(1433), probe: 'tcp', metadataSync: false },
  oracle: { fields: db(1521, 'serviceName'), probe: 'tcp', metadataSync: false },
  mongodb: { fields: { connectionString: req('secret'), database: req('text') }, probe: 'mongodb-tcp', metadataSync: false },
  salesforce: { fields: { instanceUrl: req('url'), clientId: req('text'), clientSecret: req('secret'), refreshToken: req('secret') }, probe: 'http', probeUrl: (c) => String(c.instanceUrl), metadataSync: false },
  hubspot: { fields: { accessToken: req('secret') }, probe: 'http', probeUrl: () => 'https://api.hubapi.com', metadataSync: false },
  stripe: { fields: { secretKey: req('secret') }, probe: 'http', probeUrl: () => 'https://api.stripe.com', metadataSync: false },
  s3: {
    fields: { bucket: req('text'), prefix: opt('text'), region: req('text'), accessKeyId: req('text'), secretAccessKey: req('secret'), endpoint: opt('url') },
    probe: 'http', probeUrl: (c) => (c.endpoint ? String(c.endpoint) : `https://${c.bucket}.s3.${c.region}.amazonaws.com`), metadataSync: false,
  },
  gcs: { fields: { bucket: req('text'), prefix: opt('text'), serviceAccountJson: req('secret') }, probe: 'http', probeUrl: (c) => `https://storage.googleapis.com/${c.bucket}`, metadataSync: false },
  azure_blob: {
    fields: { accountName: req('text'), container: req('text'), prefix: opt('text'), sasToken: req('secret') },
    probe: 'http', probeUrl: (c) => `https://${c.accountName}.blob.core.windows.net/${c.container}`, metadataSync: false,
  },
  sftp: { fields: { host: req('host'), port: opt('port', 22), username: req('text'), password: req('secret'), path: req('text') }, probe: 'tcp', metadataSync: false },
  github: { fields: { accessToken: req('secret'), repositories: req('text') }, probe: 'http', probeUrl: () => 'https://api.github.com', metadataSync: false },
  jira: { fields: { domain: req('host'), email: req('email'), apiToken: req('secret') }, probe: 'http', probeUrl: (c) => `https://${c.domain}`, metadataSync: false },
  zendesk: { fields: { subdomain: req('text'), email: req('email'), apiToken: req('secret') }, probe: 'http', probeUrl: (c) => `https://${c.subdomain}.zendesk.com`, metadataSync: false },
};

export const CONNECTOR_TYPE_NAMES = Object.keys(CONNECTOR_TYPES);

/** The mask returned in place of a secret that is set. */
export const SECRET_MASK = '********';

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const invalid = (field: string, message: string) => new DomainError(TenantError.CONNECTOR_INVALID, message, { field });

export function typeSpec(type: string): ConnectorTypeSpec {
  const spec = Object.prototype.hasOwnProperty.call(CONNECTOR_TYPES, type) ? CONNECTOR_TYPES[type] : undefined;
  if (!spec) throw invalid('type', `Unknown connector type "${type}"; one of ${CONNECTOR_TYPE_NAMES.join(', ')}`);
  return spec;
}

function checkValue(field: string, spec: FieldSpec, value: unknown): string | number {
  if (spec.kind === 'port') {
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 65535) throw invalid(`config.${field}`, `${field} must be a port number (1-65535)`);
    return n;
  }
  if (typeof value !== 'string' || value.trim() === '' || value.length > 4096) throw invalid(`config.${field}`, `${field} must be a non-empty string`);
  const v = spec.kind === 'secret' ? value : value.trim();
  if (spec.kind === 'host' && !HOST.test(v)) throw invalid(`config.${field}`, `${field} must be a host name or IPv4 address`);
  if (spec.kind === 'email' && !EMAIL.test(v)) throw invalid(`config.${field}`, `${field} must be an e-mail address`);
  if (spec.kind === 'url') {
    let url: URL | null = null;
    try { url = new URL(v); } catch { /* reported below */ }
    if (!url || !['http:', 'https:'].includes(url.protocol)) throw invalid(`config.${field}`, `${field} must be an http(s) URL`);
  }
  if (spec.kind === 'secret' && field === 'connectionString' && !/^mongodb(\+srv)?:\/\/[^/]+/.test(v)) throw invalid(`config.${field}`, 'connectionString must be a mongodb:// URL');
  return v;
}

export interface SplitConfig {
  /** Non-secret fields (stored in clear). */
  config: Record<string, string | number>;
  /** Secret fields (sealed together). */
  secrets: Record<string, string>;
}

/**
 * Validates a full configuration of `type` (after merging an update over the stored one) and
 * splits it into clear and secret parts. Unknown fields, missing required ones and malformed
 * values are 400 DPF-TEN-122 with `details.field`.
 */
export function validateConfig(type: string, raw: Record<string, unknown>): SplitConfig {
  const spec = typeSpec(type);
  const unknown = Object.keys(raw).find((k) => !Object.prototype.hasOwnProperty.call(spec.fields, k));
  if (unknown) throw invalid(`config.${unknown}`, `Unknown field "${unknown}" for a ${type} connector; fields: ${Object.keys(spec.fields).join(', ')}`);
  const out: SplitConfig = { config: {}, secrets: {} };
  for (const [field, f] of Object.entries(spec.fields)) {
    const value = raw[field];
    if (value === undefined || value === null || value === '') {
      if (f.required) throw invalid(`config.${field}`, `${field} is required for a ${type} connector`);
      if (f.default !== undefined) out.config[field] = f.default;
      continue;
    }
    const v = checkValue(field, f, value);
    if (f.kind === 'secret') out.secrets[field] = String(v);
    else out.config[field] = v;
  }
  return out;
}

/** The configuration as returned: clear fields, and the mask for every secret that is set. */
export function maskedConfig(type: string, config: Record<string, unknown>, secretNames: string[]): Record<string, unknown> {
  return { ...config, ...Object.fromEntries(secretNames.map((n) => [n, SECRET_MASK])) };
}

/** Names of the secret fields of a type. */
export const secretFieldsOf = (type: string) => Object.entries(typeSpec(type).fields).filter(([, f]) => f.kind === 'secret').map(([n]) => n);
