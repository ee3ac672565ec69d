import type { ClientInfo, Principal } from '@dataplat/kit';

/** Context of one operation at the gateway (HTTP /graphql and REST facade alike). */
export interface GatewayContext {
  requestId: string;
  principal?: Principal;
  credentialId?: string;
  client: ClientInfo;
}
