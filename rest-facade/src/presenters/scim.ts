import { ErrorCode } from '@dataplat/kit';
import { IdentityError } from '@dataplat/identity/errors';
import type { HttpResponse, PresentedFailure, Presenter } from '../route-spec';

export const SCIM_MEDIA_TYPE = 'application/scim+json';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Catalogue code -> RFC 7644 section 3.12 `scimType` (only the 400 and 409 codes have one). */
const SCIM_TYPES: Partial<Record<string, string>> = {
  [IdentityError.SCIM_INVALID_FILTER]: 'invalidFilter',
  [IdentityError.SCIM_UNIQUENESS]: 'uniqueness',
  [IdentityError.SCIM_INVALID_VALUE]: 'invalidValue',
  [IdentityError.SCIM_INVALID_SYNTAX]: 'invalidSyntax',
  [IdentityError.SCIM_NO_TARGET]: 'noTarget',
  [IdentityError.SCIM_MUTABILITY]: 'mutability',
  [IdentityError.SCIM_INVALID_PATH]: 'invalidPath',
  [IdentityError.SCIM_TOO_MANY]: 'tooMany',
  [ErrorCode.MALFORMED_JSON]: 'invalidSyntax',
  [ErrorCode.VALIDATION_FAILED]: 'invalidValue',
};

/** RFC 7644 section 3.12: every failure of a SCIM route, 401 included, as a SCIM Error. */
export function scimFailure(f: PresentedFailure): HttpResponse {
  const scimType = SCIM_TYPES[f.code];
  const headers: Record<string, string> = { 'content-type': SCIM_MEDIA_TYPE };
  if (f.status === 401) headers['www-authenticate'] = 'Bearer realm="SCIM"';
  return {
    status: f.status,
    headers,
    body: { schemas: [SCIM_ERROR_SCHEMA], status: String(f.status), ...(scimType ? { scimType } : {}), detail: f.message },
  };
}

/**
 * SCIM 2.0 routes: `application/scim+json` (and JSON) bodies in and `application/scim+json`
 * out; a resource's `meta.location` becomes `Location` on 201 and `meta.version` the `ETag`.
 */
export const scimPresenter: Presenter = {
  accepts: [SCIM_MEDIA_TYPE],
  success(payload: unknown, status: number): HttpResponse {
    if (status === 204) return { status };
    const headers: Record<string, string> = { 'content-type': SCIM_MEDIA_TYPE };
    const meta = typeof payload === 'object' && payload !== null ? (payload as { meta?: { location?: unknown; version?: unknown } }).meta : undefined;
    if (typeof meta?.version === 'string') headers.etag = meta.version;
    if (status === 201 && typeof meta?.location === 'string') headers.location = meta.location;
    return { status, headers, body: payload };
  },
  failure: scimFailure,
};
