import { DomainError } from '@dataplat/kit';
import { ConfigError } from '../errors';

/** Application and profile names: as Spring Cloud Config file names allow, without separators. */
export const NAME = /^[A-Za-z0-9._-]{1,100}$/;
/** Property keys: Spring's relaxed, flattened keys (`spring.datasource.url`, `list[0]`). */
export const KEY = /^[A-Za-z0-9._\-[\]]{1,255}$/;
export const MAX_PROPERTIES = 1000;

/** The application name shared by every application (Spring's `application.yml`). */
export const SHARED_APPLICATION = 'application';

export type PropertyValue = string | number | boolean;
export type Properties = Record<string, PropertyValue>;

export function checkName(field: string, value: string): string {
  if (!NAME.test(value)) throw new DomainError(ConfigError.PROPERTY_INVALID, `${field} must match ${NAME.source}`, { field });
  return value;
}

/** `dev,eu` -> ['dev', 'eu'] (order kept, duplicates dropped: the last one named wins). */
export function parseProfiles(value: string): string[] {
  const profiles = value.split(',').map((p) => p.trim());
  for (const p of profiles) checkName('profile', p);
  return profiles.filter((p, i) => profiles.lastIndexOf(p) === i);
}

/** A flat map of keys to strings, finite numbers or booleans, else 400 DPF-CFG-002. */
export function checkProperties(raw: unknown): Properties {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new DomainError(ConfigError.PROPERTY_INVALID, 'properties must be an object of keys to values', { field: 'properties' });
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_PROPERTIES) {
    throw new DomainError(ConfigError.PROPERTY_INVALID, `At most ${MAX_PROPERTIES} properties per set`, { field: 'properties' });
  }
  const out: Properties = {};
  for (const [key, value] of entries) {
    if (!KEY.test(key)) throw new DomainError(ConfigError.PROPERTY_INVALID, `Property key must match ${KEY.source}`, { field: 'properties', key });
    const ok = typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
    if (!ok) throw new DomainError(ConfigError.PROPERTY_INVALID, 'Property values are strings, numbers or booleans', { field: 'properties', key });
    out[key] = value as PropertyValue;
  }
  return out;
}

/** Keys added, removed or given another value between two versions of a set. */
export function changedKeys(before: Properties, after: Properties): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => before[k] !== after[k]).sort();
}
