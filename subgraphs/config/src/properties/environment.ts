import { SHARED_APPLICATION, type Properties } from './names';

/** The newest version (at the label) of one property set. */
export interface SetVersion {
  tenantId: string;
  revision: bigint;
  application: string;
  profile: string;
  properties: Properties;
}

export interface PropertySourceView {
  name: string;
  source: Properties;
}

/**
 * The (tenant, application, profile) sets an environment is made of, highest precedence
 * first, as Spring Cloud Config orders its property sources: for each layer (the caller's
 * tenant over the platform), the application's profile sets (the last profile named wins),
 * then the application's base set, then the shared `application` profile sets and base set.
 */
export function precedence(application: string, profiles: string[], layers: string[]) {
  const names = application === SHARED_APPLICATION ? [application] : [application, SHARED_APPLICATION];
  const order: Array<{ tenantId: string; application: string; profile: string }> = [];
  for (const tenantId of layers) {
    for (const name of names) {
      for (const profile of [...profiles].reverse()) order.push({ tenantId, application: name, profile });
      order.push({ tenantId, application: name, profile: '' });
    }
  }
  return order;
}

/** Source name: `<scope>/<application>[-<profile>]`, scope `platform` or `tenant/<id>`. */
export function sourceName(v: { tenantId: string; application: string; profile: string }, platformTenantId: string): string {
  const scope = v.tenantId === platformTenantId ? 'platform' : `tenant/${v.tenantId}`;
  return `dataplat:${scope}/${v.application}${v.profile ? `-${v.profile}` : ''}`;
}

/** Orders the found versions by precedence; empty sets are left out, as missing files are. */
export function propertySources(
  found: SetVersion[],
  application: string,
  profiles: string[],
  layers: string[],
  platformTenantId: string,
): { sources: PropertySourceView[]; version: bigint | null } {
  const byKey = new Map(found.map((v) => [`${v.tenantId}|${v.application}|${v.profile}`, v]));
  const sources: PropertySourceView[] = [];
  let version: bigint | null = null;
  for (const slot of precedence(application, profiles, layers)) {
    const v = byKey.get(`${slot.tenantId}|${slot.application}|${slot.profile}`);
    if (!v) continue;
    // An emptied set still counts for the version: clients see that something changed.
    if (version === null || v.revision > version) version = v.revision;
    if (Object.keys(v.properties).length > 0) sources.push({ name: sourceName(v, platformTenantId), source: v.properties });
  }
  return { sources, version };
}
