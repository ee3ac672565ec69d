import { GROUP_SCHEMA, LIST_SCHEMA, SCIM_BASE_PATH, USER_SCHEMA } from './user-resource';

/** Largest `count` of a list page (ServiceProviderConfig filter.maxResults). */
export const MAX_RESULTS = 200;

/** RFC 7643 section 5. */
export function serviceProviderConfig(baseUrl: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${baseUrl}/docs/identity-scim.md`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'SCIM bearer token', description: 'Authorization: Bearer dps_scim_..., issued by a tenant administrator (POST /api/v1/scim/tokens)', primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}${SCIM_BASE_PATH}/ServiceProviderConfig` },
  };
}

type Attr = Record<string, unknown>;
const attr = (name: string, type: string, extra: Attr = {}): Attr => ({
  name, type, multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...extra,
});
const sub = (name: string, type: string, extra: Attr = {}) => attr(name, type, extra);

const USER_ATTRIBUTES = [
  attr('userName', 'string', { required: true, uniqueness: 'server', description: "The user's e-mail address; unique within the tenant." }),
  attr('name', 'complex', { subAttributes: [sub('formatted', 'string', { mutability: 'readOnly' }), sub('familyName', 'string'), sub('givenName', 'string')] }),
  attr('displayName', 'string'),
  attr('active', 'boolean'),
  attr('externalId', 'string', { caseExact: true, uniqueness: 'server' }),
  attr('password', 'string', { mutability: 'writeOnly', returned: 'never' }),
  attr('emails', 'complex', { multiValued: true, subAttributes: [sub('value', 'string'), sub('type', 'string', { canonicalValues: ['work', 'home', 'other'] }), sub('primary', 'boolean')] }),
  attr('groups', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [sub('value', 'string', { mutability: 'readOnly' }), sub('$ref', 'reference', { mutability: 'readOnly', referenceTypes: ['Group'] }), sub('display', 'string', { mutability: 'readOnly' }), sub('type', 'string', { mutability: 'readOnly' })] }),
];

const GROUP_ATTRIBUTES = [
  attr('displayName', 'string', { required: true, uniqueness: 'server' }),
  attr('externalId', 'string', { caseExact: true, uniqueness: 'server' }),
  attr('members', 'complex', { multiValued: true, subAttributes: [sub('value', 'string', { mutability: 'immutable' }), sub('$ref', 'reference', { mutability: 'immutable', referenceTypes: ['User'] }), sub('display', 'string', { mutability: 'readOnly' }), sub('type', 'string', { mutability: 'immutable', canonicalValues: ['User'] })] }),
];

function schema(id: string, name: string, description: string, attributes: Attr[], baseUrl: string) {
  return { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'], id, name, description, attributes, meta: { resourceType: 'Schema', location: `${baseUrl}${SCIM_BASE_PATH}/Schemas/${id}` } };
}

/** RFC 7643 section 7, as a ListResponse (RFC 7644 section 4). */
export function schemas(baseUrl: string) {
  const resources = [schema(USER_SCHEMA, 'User', 'User Account', USER_ATTRIBUTES, baseUrl), schema(GROUP_SCHEMA, 'Group', 'Group', GROUP_ATTRIBUTES, baseUrl)];
  return { schemas: [LIST_SCHEMA], totalResults: resources.length, itemsPerPage: resources.length, startIndex: 1, Resources: resources };
}

/** RFC 7643 section 6. */
export function resourceTypes(baseUrl: string) {
  const type = (id: string, endpoint: string, schemaUrn: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'], id, name: id, endpoint, schema: schemaUrn,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}${SCIM_BASE_PATH}/ResourceTypes/${id}` },
  });
  const resources = [type('User', '/Users', USER_SCHEMA), type('Group', '/Groups', GROUP_SCHEMA)];
  return { schemas: [LIST_SCHEMA], totalResults: resources.length, itemsPerPage: resources.length, startIndex: 1, Resources: resources };
}
