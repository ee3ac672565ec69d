import { randomBytes } from 'node:crypto';
import { DomainError, ErrorCode, pageWindow, paginate, type ClientInfo, type Page, type Principal, type TokenService } from '@dataplat/kit';
import { IdentityError } from '../errors';
import { base62 } from '../api-keys/api-key.secret';
import { normaliseScopes } from '../api-keys/api-key.service';
import type { AuthEventRepository } from '../auth/auth-event.repository';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import type { RegisterServiceClientInput, ServiceClientListArgs, ServiceTokenInput } from './service-client.inputs';
import type { ServiceClientRepository, ServiceClientRow } from './service-client.repository';
import type { RegisteredServiceClient, ServiceClient, ServiceIdentity, ServiceToken } from './service-client.type';

const toClient = (row: ServiceClientRow): ServiceClient => ({ id: row.id, scopes: row.scopes, enabled: row.enabled, createdAt: row.createdAt });

/** `dpsc_` + 256 random bits in base62: a secret for machines, hashed like a password. */
export const newClientSecret = () => `dpsc_${base62(randomBytes(32), 43)}`;

/** RFC 6749 `scope`: space-delimited, each once, in the order asked. */
export const splitScope = (scope: string | undefined): string[] => [...new Set((scope ?? '').split(' ').filter(Boolean))];

/**
 * Service clients and service tokens (spec 1 "Token types": type `service`, 5 minutes,
 * least-privilege scopes). Registration by a platform administrator returns the secret once;
 * it is stored argon2id-hashed. The client-credentials grant checks the secret in constant
 * work (a dummy hash for unknown ids) and issues a token carrying only the asked scopes.
 */
export class ServiceClientService {
  constructor(
    private readonly repo: ServiceClientRepository,
    private readonly tokens: TokenService,
    private readonly events: AuthEventRepository,
  ) {}

  async register(input: RegisterServiceClientInput): Promise<RegisteredServiceClient> {
    const scopes = normaliseScopes(input.scopes);
    const secret = newClientSecret();
    const row = await this.repo.create(input.id, await hashPassword(secret), scopes);
    if (!row) throw new DomainError(IdentityError.SERVICE_CLIENT_EXISTS);
    return { ...toClient(row), clientSecret: secret };
  }

  async list(args: ServiceClientListArgs): Promise<Page<ServiceClient>> {
    const { rows, total } = await this.repo.list(pageWindow(args).skip, pageWindow(args).take);
    return { data: rows.map(toClient), pagination: paginate(args.page, args.size, total) };
  }

  async get(id: string): Promise<ServiceClient> {
    const row = await this.repo.find(id);
    if (!row) throw new DomainError(IdentityError.SERVICE_CLIENT_NOT_FOUND);
    return toClient(row);
  }

  /** A new secret; the old one stops working at once (tokens already issued run out within minutes). */
  async rotateSecret(id: string): Promise<RegisteredServiceClient> {
    const secret = newClientSecret();
    const row = await this.repo.setSecret(id, await hashPassword(secret));
    if (!row) throw new DomainError(IdentityError.SERVICE_CLIENT_NOT_FOUND);
    return { ...toClient(row), clientSecret: secret };
  }

  async delete(id: string): Promise<boolean> {
    if (!(await this.repo.delete(id))) throw new DomainError(IdentityError.SERVICE_CLIENT_NOT_FOUND);
    return true;
  }

  /** Client-credentials grant. Unknown client, wrong secret and disabled client look alike (401). */
  async issueToken(input: ServiceTokenInput, client: ClientInfo): Promise<ServiceToken> {
    const event = { type: 'SERVICE_TOKEN_ISSUED' as const, ipAddress: client.ip, userAgent: client.userAgent, requestId: client.requestId };
    const refuse = async (code: ErrorCode, message?: string): Promise<never> => {
      await this.events.record({ ...event, outcome: 'FAILURE', reason: `${code} client=${input.clientId.slice(0, 64)}` });
      throw new DomainError(code, message, code === IdentityError.SERVICE_SCOPE_NOT_ALLOWED ? { scope: message } : undefined);
    };
    const row = await this.repo.find(input.clientId);
    if (!row) {
      await verifyAgainstDummy(input.clientSecret);
      return refuse(IdentityError.SERVICE_CLIENT_INVALID);
    }
    if (!(await verifyPassword(row.secretHash, input.clientSecret)) || !row.enabled) return refuse(IdentityError.SERVICE_CLIENT_INVALID);
    const requested = splitScope(input.scope);
    const refused = requested.filter((s) => !row.scopes.includes(s));
    if (refused.length) return refuse(IdentityError.SERVICE_SCOPE_NOT_ALLOWED, `Scope not allowed for this client: ${refused.join(' ')}`);
    const scope = (requested.length ? requested : row.scopes).join(' ');
    const issued = await this.tokens.issue('service', row.id, { scope });
    await this.events.record({ ...event, outcome: 'SUCCESS', reason: `client=${row.id} scope=${scope}` });
    return { accessToken: issued.token, tokenType: 'Bearer', expiresIn: issued.expiresIn, scope };
  }

  /** The calling service token and its client as registered now. */
  async whoAmI(principal: Principal): Promise<ServiceIdentity> {
    if (principal.kind !== 'service_token') throw new DomainError(IdentityError.SERVICE_TOKEN_REQUIRED);
    const row = await this.repo.find(principal.subject);
    return {
      clientId: principal.subject,
      scopes: principal.scopes,
      allowedScopes: row?.scopes ?? [],
      active: !!row?.enabled,
      tokenId: principal.tokenId ?? null,
    };
  }
}
