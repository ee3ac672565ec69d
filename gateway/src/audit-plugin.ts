import { createHash, randomUUID } from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestContextWillSendResponse } from '@apollo/server';
import { isUuid, type AuditRecord } from '@dataplat/kit';
import { getNamedType, isObjectType, Kind, valueFromASTUntyped, type FieldNode, type GraphQLFormattedError, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { redact, scalarFields } from './audit-redaction';
import type { GatewayContext } from './context';


/** Where the plugin hands records: must return at once (buffered, written behind). */
export interface AuditSink {
  record(record: AuditRecord): void;
}

export type AuditCategory = 'AUTHENTICATION' | 'ACCESS_CONTROL' | 'CHANGE';

/** Per-field corrections where the generic derivation names the wrong resource. */
export interface AuditOverride {
  resourceType?: string;
  /** Dot path into the result, else the arguments, of the resource id. */
  resourceId?: string;
}

export const AUDIT_OVERRIDES: Record<string, AuditOverride> = {
  login: { resourceType: 'User', resourceId: 'user.id' },
  register: { resourceType: 'User', resourceId: 'user.id' },
  refreshToken: { resourceType: 'Session' },
  logout: { resourceType: 'Session' },
  createApiKey: { resourceType: 'ApiKey', resourceId: 'keyId' },
  rotateApiKey: { resourceType: 'ApiKey' },
  addUserRoles: { resourceType: 'User', resourceId: 'userId' },
  setUserRoles: { resourceType: 'User', resourceId: 'userId' },
  removeUserRole: { resourceType: 'User', resourceId: 'userId' },
  addRolePermissions: { resourceType: 'Role', resourceId: 'roleId' },
  setRolePermissions: { resourceType: 'Role', resourceId: 'roleId' },
  removeRolePermissions: { resourceType: 'Role', resourceId: 'roleId' },
  upsertQuota: { resourceType: 'Quota' },
  recordQuotaUsage: { resourceType: 'Quota', resourceId: 'input.resourceType' },
  applyDefaultQuotas: { resourceType: 'Tenant', resourceId: 'tenantId' },
  oauthToken: { resourceType: 'OAuthToken' },
  issueServiceToken: { resourceType: 'ServiceToken' },
};

const AUTHENTICATION = /^(login|logout|refreshToken|register|forgotPassword|resetPassword$|verifyEmail$|changeMyPassword|completeExternalLogin|consumeSamlResponse|mfa(Challenge|Verify|Recovery)|verify(Totp|EmailMfa|SmsMfa)$|resend(Email|Sms)MfaCode|oauth(Token|Authorize|Revoke|Introspect)|issueServiceToken)/;
const ACCESS_CONTROL = /(Role|Permission|ApiKey|ServiceClient|Session|ScimToken|Mfa|Totp|BackupCodes|User|IdentityProvider|OAuthClient|Device|Password|^scim)/;

/** AUTHENTICATION (logins, tokens, MFA steps), ACCESS_CONTROL (users, roles, keys, ...) or CHANGE. */
export function categoryOf(action: string): AuditCategory {
  if (AUTHENTICATION.test(action)) return 'AUTHENTICATION';
  if (ACCESS_CONTROL.test(action)) return 'ACCESS_CONTROL';
  return 'CHANGE';
}

/**
 * Records every mutation the gateway runs (HTTP /graphql and the REST facade alike): one
 * record per root field, after the response is known, handed to `sink` (which buffers and
 * writes behind). Never fails or delays the request: anything that goes wrong is logged.
 */
export function auditPlugin(sink: AuditSink, overrides: Record<string, AuditOverride> = AUDIT_OVERRIDES): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      const occurredAt = new Date();
      return {
        async willSendResponse(rc) {
          if (rc.operation?.operation !== 'mutation') return;
          try {
            for (const record of auditRecords(rc, occurredAt, overrides)) sink.record(record);
          } catch (e) {
            rc.logger.warn(`audit record failed: ${(e as Error).message}`);
          }
        },
      };
    },
  };
}

/** The records of one mutation operation (exported for tests). */
export function auditRecords(rc: GraphQLRequestContextWillSendResponse<GatewayContext>, occurredAt: Date, overrides: Record<string, AuditOverride>): AuditRecord[] {
  const body = rc.response.body.kind === 'single' ? rc.response.body.singleResult : undefined;
  const data = (body?.data ?? null) as Record<string, unknown> | null;
  const errors = body?.errors ?? [];
  const principal = rc.contextValue.principal;
  const mutationType = rc.schema.getMutationType();
  return rootFields(rc.operation!.selectionSet).map((field) => {
    const key = field.alias?.value ?? field.name.value;
    const action = field.name.value;
    const args = Object.fromEntries((field.arguments ?? []).map((a) => [a.name.value, valueFromASTUntyped(a.value, rc.request.variables ?? undefined)]));
    const result = data?.[key];
    const fieldErrors = errors.filter((e) => e.path?.[0] === key || !e.path?.length);
    const failed = fieldErrors.length > 0 || result === undefined || (result === null && errors.length > 0);
    const override = overrides[action] ?? {};
    const resource = resourceOf(action, args, result, override, mutationType?.getFields()[action]?.type, rc.schema);
    const resultUser = asObject(asObject(result)?.user);
    const explicitTenant = uuidOr(args.tenantId) ?? uuidOr(asObject(args.input)?.tenantId);
    const tenantId = failed
      ? (principal?.tenantId ?? explicitTenant ?? null)
      : (explicitTenant ?? principal?.tenantId ?? uuidOr(resultUser?.tenantId) ?? uuidOr(asObject(result)?.tenantId) ?? null);
    const email = principal ? null : (asObject(args.input)?.email ?? args.email);
    return {
      eventId: randomUUID(),
      tenantId,
      occurredAt,
      actorKind: principal?.kind ?? 'anonymous',
      actorId: principal?.subject ?? (typeof resultUser?.id === 'string' ? resultUser.id : null),
      actorTenantId: principal ? principal.homeTenantId : (uuidOr(resultUser?.tenantId) ?? null),
      actorRoles: principal?.roles ?? [],
      action,
      category: categoryOf(action),
      resourceType: resource.type,
      resourceId: resource.id,
      outcome: failed ? 'FAILURE' : 'SUCCESS',
      errorCode: failed ? errorCodeOf(fieldErrors[0] ?? errors[0]) : null,
      requestId: rc.contextValue.requestId ?? null,
      ip: rc.contextValue.client?.ip ?? null,
      userAgent: rc.contextValue.client?.userAgent?.slice(0, 512) ?? null,
      details: { input: categoryOf(action) === 'AUTHENTICATION' ? hashEmails(redact(args)) : redact(args), ...(failed ? {} : { after: scalarFields(result) }) },
      subjectEmail: failed && !tenantId && typeof email === 'string' ? email.slice(0, 254) : null,
    };
  });
}

/** Authentication records keep an attempted e-mail only as its SHA-256 (`emailHash`), at any depth. */
export function hashEmails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hashEmails);
  const obj = asObject(value);
  if (!obj) return value;
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => (k === 'email' && typeof v === 'string' ? ['emailHash', createHash('sha256').update(v.trim().toLowerCase()).digest('hex')] : [k, hashEmails(v)])),
  );
}

function rootFields(set: SelectionSetNode): FieldNode[] {
  return set.selections.flatMap((s) => {
    if (s.kind === Kind.FIELD) return s.name.value === '__typename' ? [] : [s];
    if (s.kind === Kind.INLINE_FRAGMENT) return rootFields(s.selectionSet);
    return [];
  });
}

/** Resource type: override, else the return type (object types), else the field name without its verb. */
function resourceOf(action: string, args: Record<string, unknown>, result: unknown, override: AuditOverride, type: Parameters<typeof getNamedType>[0] | undefined, schema: GraphQLSchema): { type: string | null; id: string | null } {
  const named = type ? getNamedType(type) : undefined;
  const fromType = named && isObjectType(named) && schema.getType(named.name) ? named.name : null;
  const fromName = action.replace(/^[a-z]+/, '') || null;
  const resourceType = override.resourceType ?? fromType ?? fromName;
  const input = asObject(args.input);
  const idCandidates = override.resourceId
    ? [pick(result, override.resourceId), pick(args, override.resourceId)]
    : [asObject(result)?.id, args.id, input?.id, ...idArguments(args), ...idArguments(input ?? {})];
  const id = idCandidates.find((v) => typeof v === 'string' || typeof v === 'number');
  return { type: resourceType, id: id === undefined ? null : String(id).slice(0, 200) };
}

/** Values of `...Id` arguments, tenantId last (it names the scope more often than the resource). */
function idArguments(args: Record<string, unknown>): unknown[] {
  const keys = Object.keys(args).filter((k) => /Id$/.test(k));
  return [...keys.filter((k) => k !== 'tenantId'), ...keys.filter((k) => k === 'tenantId')].map((k) => args[k]);
}

function pick(source: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => asObject(node)?.[part], source);
}

const asObject = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const uuidOr = (v: unknown): string | undefined => (typeof v === 'string' && isUuid(v) ? v.toLowerCase() : undefined);
const errorCodeOf = (e: GraphQLFormattedError | undefined): string | null => (typeof e?.extensions?.code === 'string' ? e.extensions.code : e ? 'UNKNOWN' : null);
