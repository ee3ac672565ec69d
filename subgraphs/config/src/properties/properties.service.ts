import { DomainError, paginate, pageWindow, PLATFORM_TENANT_ID, type Page, type Principal } from '@dataplat/kit';
import { ConfigError } from '../errors';
import { actingTenant, layersOf, requireWriter } from '../scope';
import { propertySources, type SetVersion } from './environment';
import { changedKeys, checkName, checkProperties, parseProfiles, SHARED_APPLICATION, type Properties } from './names';
import type { PropertyRepository, RefreshRow, VersionRow } from './properties.repository';
import type { ConfigEnvironment, ConfigPropertySetVersion, ConfigRefreshResult } from './properties.type';

/** NOTIFY payloads are limited to 8000 bytes: the key list is cut short before that. */
const MAX_NOTIFY_KEYS_BYTES = 6000;

/** Configuration properties: versioned sets, environments at a label, refreshes. */
export class PropertyService {
  constructor(private readonly repo: PropertyRepository) {}

  async environment(caller: Principal, application: string, profile: string, label?: string | null): Promise<ConfigEnvironment> {
    checkName('application', application);
    const profiles = parseProfiles(profile);
    const layers = layersOf(caller);
    const revision = await this.resolveLabel(layers, label);
    if (revision === null) return { name: application, profiles, label: null, version: null, state: null, propertySources: [] };
    const rows = await this.repo.setsAt(layers, [application, SHARED_APPLICATION], ['', ...profiles], revision);
    const found: SetVersion[] = rows.map((r) => ({ ...r, properties: r.properties as Properties }));
    const { sources, version } = propertySources(found, application, profiles, layers, PLATFORM_TENANT_ID);
    return { name: application, profiles, label: String(revision), version: version === null ? null : String(version), state: null, propertySources: sources };
  }

  /** No label or `latest`: the newest revision; else a revision of one of the caller's sets. */
  private async resolveLabel(layers: string[], label?: string | null): Promise<bigint | null> {
    if (label === undefined || label === null || label === '' || label === 'latest') return this.repo.latestRevision(layers);
    if (!/^[1-9]\d{0,17}$/.test(label)) throw new DomainError(ConfigError.LABEL_NOT_FOUND, undefined, { label });
    const revision = BigInt(label);
    if (!(await this.repo.hasRevision(layers, revision))) throw new DomainError(ConfigError.LABEL_NOT_FOUND, undefined, { label });
    return revision;
  }

  async put(caller: Principal, application: string, profile: string | null | undefined, raw: unknown, comment?: string): Promise<ConfigPropertySetVersion> {
    const tenantId = requireWriter(caller);
    checkName('application', application);
    const set = profile ? checkName('profile', profile) : '';
    const properties = checkProperties(raw);
    const row = await this.repo.writeVersion(
      tenantId,
      application,
      set,
      (previous) => ({ properties, changedKeys: changedKeys(previous, properties) }),
      { author: caller.subject, comment },
    );
    return toVersion(row);
  }

  async history(caller: Principal, application: string, profile: string | null | undefined, page: { page: number; size: number }): Promise<Page<ConfigPropertySetVersion>> {
    checkName('application', application);
    const set = profile ? checkName('profile', profile) : '';
    const { skip, take } = pageWindow(page);
    const { rows, total } = await this.repo.history(actingTenant(caller), application, set, skip, take);
    return { data: rows.map(toVersion), pagination: paginate(page.page, page.size, total) };
  }

  async refresh(caller: Principal, applications?: string[] | null): Promise<ConfigRefreshResult> {
    const tenantId = requireWriter(caller);
    const apps = applications?.length ? applications.map((a) => checkName('applications', a)) : null;
    const row = await this.repo.refresh(tenantId, layersOf(caller), apps, caller.subject, notifyPayload);
    return toRefresh(row);
  }
}

/** `{tenantId, revision, keys, applications, truncated}`; keys cut short to fit NOTIFY. */
export function notifyPayload(r: RefreshRow): string {
  const keys: string[] = [];
  let bytes = 0;
  for (const k of r.keys) {
    bytes += Buffer.byteLength(k) + 3;
    if (bytes > MAX_NOTIFY_KEYS_BYTES) break;
    keys.push(k);
  }
  return JSON.stringify({ tenantId: r.tenantId, revision: String(r.revision), keys, applications: r.applications.slice(0, 50), truncated: keys.length < r.keys.length || r.applications.length > 50 });
}

function toVersion(r: VersionRow): ConfigPropertySetVersion {
  return {
    revision: String(r.revision),
    application: r.application,
    profile: r.profile || null,
    scope: r.tenantId === PLATFORM_TENANT_ID ? 'platform' : 'tenant',
    tenantId: r.tenantId,
    properties: r.properties as Record<string, unknown>,
    changedKeys: r.changedKeys,
    author: r.author,
    comment: r.comment,
    createdAt: r.createdAt,
  };
}

const toRefresh = (r: RefreshRow): ConfigRefreshResult => ({
  revision: String(r.revision),
  previousRevision: r.previousRevision === null ? null : String(r.previousRevision),
  keys: r.keys,
  applications: r.applications,
  refreshedAt: r.createdAt,
});
