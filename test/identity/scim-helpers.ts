import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from '../harness/client';

export const SCIM = '/api/v1/scim/v2';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Sends a SCIM request as a SCIM client would: `application/scim+json`, the token as bearer. */
export function scim(api: ApiClient, token: string | undefined, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  return api.request(method, `${SCIM}${path}`, {
    ...(token ? { token } : {}),
    headers: { accept: 'application/scim+json', ...(body !== undefined ? { 'content-type': 'application/scim+json' } : {}) },
    ...(body !== undefined ? { body } : {}),
  });
}

/** A SCIM error (RFC 7644 section 3.12) with the given status and, when given, scimType. */
export function expectScimError(res: ApiResponse, status: number, scimType?: string): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  expect(res.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(status), detail: expect.any(String) });
  if (scimType) expect(res.body.scimType).toBe(scimType);
  else expect(res.body.scimType).toBeUndefined();
}

/** Issues a SCIM token for the admin's tenant. */
export async function issueToken(api: ApiClient, adminToken: string, name = 'e2e'): Promise<{ id: number; token: string }> {
  const res = await api.post('/api/v1/scim/tokens', { name }, { token: adminToken });
  if (res.status !== 201) throw new Error(`issueScimToken failed: ${res.status} ${res.text}`);
  return { id: res.body.id, token: res.body.token };
}

export const newUserName = () => `scim-${randomUUID()}@e2e.test`;

export function userBody(extra: Record<string, unknown> = {}) {
  return { schemas: [USER_SCHEMA], userName: newUserName(), name: { givenName: 'Sam', familyName: 'Scim' }, active: true, ...extra };
}

export async function createScimUser(api: ApiClient, token: string, extra: Record<string, unknown> = {}): Promise<any> {
  const res = await scim(api, token, 'POST', '/Users', userBody(extra));
  if (res.status !== 201) throw new Error(`SCIM create failed: ${res.status} ${res.text}`);
  return res.body;
}

export const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_SCHEMA], Operations });
