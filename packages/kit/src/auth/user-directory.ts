import type { PrincipalCodec } from './internal-principal';
import { ServiceGraphClient } from '../http/service-graph-client';

/** Scope of identity's `userLocations` (platform services only: which tenant an e-mail belongs to). */
export const USERS_LOCATE_SCOPE = 'users:locate';
/** Scope of identity's tenant-scoped user reads, as other services hold it. */
const USERS_READ_SCOPE = 'users:read';

/** Where an account lives. */
export interface UserLocation {
  id: string;
  tenantId: string;
}

const LOCATIONS = 'query UserLocations($email: String!) { userLocations(email: $email) { id tenantId } }';
const USER = 'query UserExists($id: ID!) { user(id: $id) { id } }';

/**
 * Asks identity's GraphQL API (never its tables) about users: the audit service files a failed
 * login under the tenant of the attempted e-mail, and checks that a user it is asked about
 * exists. A failed call throws ServiceCallError.
 */
export class UserDirectoryClient {
  private readonly locator: ServiceGraphClient;
  private readonly reader: ServiceGraphClient;

  constructor(service: string, principals: PrincipalCodec, identityUrl: string | (() => string)) {
    this.locator = new ServiceGraphClient({ service, scopes: [USERS_LOCATE_SCOPE], principals, url: identityUrl, timeoutMs: 5_000 });
    this.reader = new ServiceGraphClient({ service, scopes: [USERS_READ_SCOPE], principals, url: identityUrl, timeoutMs: 5_000 });
  }

  /** At most two accounts with this e-mail (two: it is ambiguous). */
  async locate(email: string): Promise<UserLocation[]> {
    return (await this.locator.call<{ userLocations: UserLocation[] }>(LOCATIONS, { email })).userLocations;
  }

  /** Whether the user exists in the tenant (identity answers DPF-IAM-005 otherwise). */
  async exists(tenantId: string, userId: string): Promise<boolean> {
    try {
      await this.reader.call(USER, { id: userId }, tenantId);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code === 'DPF-IAM-005') return false;
      throw e;
    }
  }
}
