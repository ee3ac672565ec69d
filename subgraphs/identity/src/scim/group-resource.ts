import { DomainError } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { FilterSchema, Where } from './filter-query';
import { pick, type Doc, type PatchSchema } from './patch';
import { GROUP_SCHEMA, SCIM_BASE_PATH, weakEtag } from './user-resource';

export interface ScimGroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  /** Bumped by every write. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
  members: Array<{ user: { id: string; email: string } }>;
}

export interface ScimGroupInput {
  displayName: string;
  externalId: string | null;
  /** User ids. */
  members: string[];
}

const invalid = (detail: string) => new DomainError(IdentityError.SCIM_INVALID_VALUE, detail);

/** The SCIM representation of a group (RFC 7643 section 4.2). */
export function toScimGroup(row: ScimGroupRow, baseUrl: string): Doc {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    members: row.members.map((m) => ({ value: m.user.id, display: m.user.email, type: 'User', $ref: `${baseUrl}${SCIM_BASE_PATH}/Users/${m.user.id}` })),
    meta: {
      resourceType: 'Group',
      created: row.createdAt.toISOString(),
      lastModified: row.updatedAt.toISOString(),
      location: `${baseUrl}${SCIM_BASE_PATH}/Groups/${row.id}`,
      version: weakEtag(row.updatedAt),
    },
  };
}

/** Reads a Group body (POST, PUT, or a PATCH result); read-only attributes are ignored. */
export function readScimGroup(doc: unknown): ScimGroupInput {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new DomainError(IdentityError.SCIM_INVALID_SYNTAX, 'The body must be a Group resource');
  const body = doc as Doc;
  const schemas = pick(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === GROUP_SCHEMA.toLowerCase())) {
    throw new DomainError(IdentityError.SCIM_INVALID_SYNTAX, `schemas must contain "${GROUP_SCHEMA}"`);
  }
  const displayName = pick(body, 'displayName');
  if (typeof displayName !== 'string' || displayName.trim() === '') throw invalid('displayName is required');
  if (displayName.length > 256) throw invalid('displayName is at most 256 characters');
  const externalId = pick(body, 'externalId') ?? null;
  if (externalId !== null && typeof externalId !== 'string') throw invalid('externalId must be a string');
  const members = pick(body, 'members') ?? [];
  if (!Array.isArray(members)) throw invalid('members must be an array');
  const ids = members.map((m, i) => {
    const value = typeof m === 'object' && m !== null && !Array.isArray(m) ? pick(m, 'value') : undefined;
    if (typeof value !== 'string') throw invalid(`members[${i}].value must be a user id`);
    return value.toLowerCase();
  });
  return { displayName: displayName.trim(), externalId, members: [...new Set(ids)] };
}

export const GROUP_PATCH: PatchSchema = {
  multiValued: new Set(['members', 'schemas']),
  readOnly: new Set(['id', 'meta']),
  canonical: { displayname: 'displayName', externalid: 'externalId', members: 'members', value: 'value', display: 'display' },
};

const memberRows = (inner: Where): Where => ({ members: { some: inner } });

export const GROUP_FILTER: FilterSchema = {
  attrs: {
    id: { field: 'id', type: 'id' },
    displayname: { field: 'displayName', type: 'string' },
    externalid: { field: 'externalId', type: 'string', caseExact: true },
    members: { field: 'userId', type: 'id', scope: memberRows },
    'members.value': { field: 'userId', type: 'id', scope: memberRows },
    'meta.created': { field: 'createdAt', type: 'datetime' },
    'meta.lastmodified': { field: 'updatedAt', type: 'datetime' },
  },
  complex: { members: { scope: memberRows, attrs: { value: { field: 'userId', type: 'id' } } } },
};
