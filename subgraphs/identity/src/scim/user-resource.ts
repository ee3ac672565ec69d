import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { FilterSchema, Where } from './filter-query';
import { pick, type Doc, type Json, type PatchSchema } from './patch';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_BASE_PATH = '/api/v1/scim/v2';

/** A user row with what its SCIM representation needs. */
export interface ScimUserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  scimProfile: { externalId: string | null; displayName: string | null; updatedAt: Date } | null;
  scimEmails: Array<{ value: string; type: string | null; primary: boolean }>;
  scimGroups: Array<{ group: { id: string; displayName: string } }>;
}

/** The SCIM attributes of a user a client writes (POST, PUT, or a PATCH result). */
export interface ScimUserInput {
  userName: string;
  givenName: string;
  familyName: string;
  displayName: string | null;
  externalId: string | null;
  active: boolean;
  emails: Array<{ value: string; type: string | null; primary: boolean }>;
  password?: string;
}

const invalid = (detail: string) => new DomainError(IdentityError.SCIM_INVALID_VALUE, detail);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** weak ETag from the last modification (RFC 7644 section 3.14). */
export const weakEtag = (at: Date) => `W/"${at.getTime().toString(36)}"`;

export function lastModified(row: ScimUserRow): Date {
  const profile = row.scimProfile?.updatedAt;
  return profile && profile > row.updatedAt ? profile : row.updatedAt;
}

/** The SCIM representation of a user (RFC 7643 section 4.1). */
export function toScimUser(row: ScimUserRow, baseUrl: string): Doc {
  const modified = lastModified(row);
  const emails = row.scimEmails.length > 0 ? row.scimEmails : [{ value: row.email, type: 'work', primary: true }];
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.scimProfile?.externalId ? { externalId: row.scimProfile.externalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName, formatted: `${row.firstName} ${row.lastName}`.trim() },
    displayName: row.scimProfile?.displayName ?? (`${row.firstName} ${row.lastName}`.trim() || row.email),
    active: row.enabled,
    emails: emails.map((e) => ({ value: e.value, ...(e.type ? { type: e.type } : {}), primary: e.primary })),
    groups: row.scimGroups.map((m) => ({ value: m.group.id, display: m.group.displayName, $ref: `${baseUrl}${SCIM_BASE_PATH}/Groups/${m.group.id}`, type: 'direct' })),
    meta: {
      resourceType: 'User',
      created: row.createdAt.toISOString(),
      lastModified: modified.toISOString(),
      location: `${baseUrl}${SCIM_BASE_PATH}/Users/${row.id}`,
      version: weakEtag(modified),
    },
  };
}

const text = (v: Json | undefined, name: string): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw invalid(`${name} must be a string`);
  return v;
};

/** Entra ID sends booleans as "True"/"False" strings in PATCH values. */
export function bool(v: Json | undefined, name: string, fallback: boolean): boolean {
  if (v === undefined || v === null) return fallback;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw invalid(`${name} must be a boolean`);
}

/** Reads the writable attributes of a User body; read-only ones (id, meta, groups) are ignored. */
export function readScimUser(doc: unknown): ScimUserInput {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new DomainError(IdentityError.SCIM_INVALID_SYNTAX, 'The body must be a User resource');
  const body = doc as Doc;
  const schemas = pick(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === USER_SCHEMA.toLowerCase())) {
    throw new DomainError(IdentityError.SCIM_INVALID_SYNTAX, `schemas must contain "${USER_SCHEMA}"`);
  }
  const userName = text(pick(body, 'userName'), 'userName')?.trim().toLowerCase();
  if (!userName) throw invalid('userName is required');
  if (!EMAIL.test(userName) || userName.length > 254) throw invalid('userName must be an e-mail address');
  const name = pick(body, 'name');
  if (name !== undefined && name !== null && (typeof name !== 'object' || Array.isArray(name))) throw invalid('name must be an object');
  const rawEmails = pick(body, 'emails') ?? [];
  if (!Array.isArray(rawEmails)) throw invalid('emails must be an array');
  const emails = rawEmails.map((e, i) => {
    if (typeof e !== 'object' || e === null || Array.isArray(e)) throw invalid(`emails[${i}] must be an object`);
    const value = text(pick(e, 'value'), `emails[${i}].value`)?.trim().toLowerCase();
    if (!value || !EMAIL.test(value)) throw invalid(`emails[${i}].value must be an e-mail address`);
    return { value, type: text(pick(e, 'type'), `emails[${i}].type`), primary: bool(pick(e, 'primary'), `emails[${i}].primary`, false) };
  });
  if (emails.filter((e) => e.primary).length > 1) throw invalid('At most one e-mail may be primary');
  const password = text(pick(body, 'password'), 'password') ?? undefined;
  return {
    userName,
    givenName: text(name ? pick(name as Doc, 'givenName') : undefined, 'name.givenName') ?? '',
    familyName: text(name ? pick(name as Doc, 'familyName') : undefined, 'name.familyName') ?? '',
    displayName: text(pick(body, 'displayName'), 'displayName'),
    externalId: text(pick(body, 'externalId'), 'externalId'),
    active: bool(pick(body, 'active'), 'active', true),
    emails,
    ...(password !== undefined ? { password } : {}),
  };
}

export const USER_PATCH: PatchSchema = {
  multiValued: new Set(['emails', 'groups', 'schemas']),
  readOnly: new Set(['id', 'meta', 'groups']),
  canonical: { username: 'userName', name: 'name', givenname: 'givenName', familyname: 'familyName', displayname: 'displayName', externalid: 'externalId', active: 'active', emails: 'emails', value: 'value', type: 'type', primary: 'primary' },
};

const profile = (inner: Where): Where => ({ scimProfile: { is: inner } });
const emailRows = (inner: Where): Where => ({ scimEmails: { some: inner } });
const groupRows = (inner: Where): Where => ({ scimGroups: { some: inner } });

/** Filterable User attributes and their columns. */
export const USER_FILTER: FilterSchema = {
  attrs: {
    id: { field: 'id', type: 'id' },
    username: { field: 'email', type: 'string' },
    externalid: { field: 'externalId', type: 'string', caseExact: true, scope: profile },
    displayname: { field: 'displayName', type: 'string', scope: profile },
    'name.givenname': { field: 'firstName', type: 'string' },
    'name.familyname': { field: 'lastName', type: 'string' },
    active: { field: 'enabled', type: 'boolean' },
    emails: { field: 'value', type: 'string', scope: emailRows },
    'emails.value': { field: 'value', type: 'string', scope: emailRows },
    'emails.type': { field: 'type', type: 'string', scope: emailRows },
    'groups.value': { field: 'groupId', type: 'id', scope: groupRows },
    groups: { field: 'groupId', type: 'id', scope: groupRows },
    'meta.created': { field: 'createdAt', type: 'datetime' },
    'meta.lastmodified': { field: 'updatedAt', type: 'datetime' },
  },
  complex: {
    emails: { scope: emailRows, attrs: { value: { field: 'value', type: 'string' }, type: { field: 'type', type: 'string' }, primary: { field: 'primary', type: 'boolean' } } },
    groups: { scope: groupRows, attrs: { value: { field: 'groupId', type: 'id' } } },
  },
};
