import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { RegisterServiceClientInput, ServiceClientListArgs, ServiceTokenInput } from './service-client.inputs';
import type { ServiceClientService } from './service-client.service';
import { RegisteredServiceClient, ServiceClient, ServiceClientPage, ServiceIdentity, ServiceToken } from './service-client.type';
import { SERVICE_CLIENTS_READ as READ, SERVICE_CLIENTS_WRITE as WRITE, SERVICE_INTROSPECT as INTROSPECT } from '../permissions';

/*
 * The permissions naming service-client administration are seeded but no system role starts
 * with them (adminDefault false), so unless a platform administrator grants them to a role, no
 * API key can hold them: only a platform administrator's access token manages clients.
 * INTROSPECT is the one scope a service token needs to ask who it is.
 */

@Resolver(() => ServiceClient)
export class ServiceClientResolver {
  constructor(private readonly service: ServiceClientService) {}

  @Authorized(SystemRole.PLATFORM_ADMIN, WRITE)
  @Mutation(() => RegisteredServiceClient, { description: 'Registers a service client; the secret is returned this once.' })
  registerServiceClient(@Arg('input') input: RegisterServiceClientInput): Promise<RegisteredServiceClient> {
    return this.service.register(input);
  }

  @Authorized(SystemRole.PLATFORM_ADMIN, READ)
  @Query(() => ServiceClientPage)
  serviceClients(@Args() args: ServiceClientListArgs): Promise<ServiceClientPage> {
    return this.service.list(args);
  }

  @Authorized(SystemRole.PLATFORM_ADMIN, READ)
  @Query(() => ServiceClient)
  serviceClient(@Arg('id', () => ID) id: string): Promise<ServiceClient> {
    return this.service.get(id);
  }

  @Authorized(SystemRole.PLATFORM_ADMIN, WRITE)
  @Mutation(() => RegisteredServiceClient, { description: 'Replaces the client secret; the old one stops working at once.' })
  rotateServiceClientSecret(@Arg('id', () => ID) id: string): Promise<RegisteredServiceClient> {
    return this.service.rotateSecret(id);
  }

  @Authorized(SystemRole.PLATFORM_ADMIN, WRITE)
  @Mutation(() => Boolean, { description: 'Deletes the client; tokens already issued expire within minutes.' })
  deleteServiceClient(@Arg('id', () => ID) id: string): Promise<boolean> {
    return this.service.delete(id);
  }

  @Mutation(() => ServiceToken, { description: 'Client-credentials grant: a 5-minute service token with the asked scopes.' })
  issueServiceToken(@Arg('input') input: ServiceTokenInput, @Ctx() ctx: RequestContext): Promise<ServiceToken> {
    return this.service.issueToken(input, { ...ctx.client, requestId: ctx.requestId });
  }

  @Authorized(INTROSPECT)
  @Query(() => ServiceIdentity, { description: 'Service tokens only: the calling token and its client as registered now.' })
  serviceWhoAmI(@Ctx() ctx: RequestContext): Promise<ServiceIdentity> {
    return this.service.whoAmI(requirePrincipal(ctx));
  }
}
