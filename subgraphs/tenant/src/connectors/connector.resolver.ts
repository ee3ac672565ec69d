import { PageArgs, requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { CreateConnectorInput, UpdateConnectorInput } from './connector.inputs';
import type { ConnectorService } from './connector.service';
import { Connector, ConnectorDetail, ConnectorJob, ConnectorPage, ConnectorStatus } from './connector.type';
import { CONNECTORS_READ, CONNECTORS_WRITE } from '../permissions';

const { ADMIN, PLATFORM_ADMIN } = SystemRole;

/**
 * Connectors of spec 2: any user of the tenant reads them, tests and syncs them (bearer);
 * its administrators create, change and delete them (docs/tenant-operations.md "Roles").
 */
@Resolver(() => Connector)
export class ConnectorResolver {
  constructor(private readonly service: ConnectorService) {}

  @Authorized(CONNECTORS_READ)
  @Query(() => ConnectorPage, { description: 'Connectors of a tenant, oldest first.' })
  connectors(@Arg('tenantId', () => ID) tenantId: string, @Args() page: PageArgs, @Ctx() ctx: RequestContext): Promise<ConnectorPage> {
    return this.service.list(requirePrincipal(ctx), tenantId, page);
  }

  @Authorized(CONNECTORS_READ)
  @Query(() => ConnectorDetail, { description: 'One connector with the metadata of its last sync.' })
  connector(@Arg('tenantId', () => ID) tenantId: string, @Arg('connectorId', () => ID) connectorId: string, @Ctx() ctx: RequestContext): Promise<ConnectorDetail> {
    return this.service.get(requirePrincipal(ctx), tenantId, connectorId);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, CONNECTORS_WRITE)
  @Mutation(() => Connector, { description: 'Creates a connector; 409 DPF-TEN-123 at the tenant\'s maxConnectors.' })
  createConnector(@Arg('tenantId', () => ID) tenantId: string, @Arg('input') input: CreateConnectorInput, @Ctx() ctx: RequestContext): Promise<Connector> {
    return this.service.create(requirePrincipal(ctx), tenantId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, CONNECTORS_WRITE)
  @Mutation(() => Connector, { description: 'Changes a connector (a changed configuration makes it UNTESTED).' })
  updateConnector(@Arg('tenantId', () => ID) tenantId: string, @Arg('connectorId', () => ID) connectorId: string, @Arg('input') input: UpdateConnectorInput, @Ctx() ctx: RequestContext): Promise<Connector> {
    return this.service.update(requirePrincipal(ctx), tenantId, connectorId, input);
  }

  @Authorized(ADMIN, PLATFORM_ADMIN, CONNECTORS_WRITE)
  @Mutation(() => Boolean, { description: 'Deletes a connector and its jobs.' })
  deleteConnector(@Arg('tenantId', () => ID) tenantId: string, @Arg('connectorId', () => ID) connectorId: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.delete(requirePrincipal(ctx), tenantId, connectorId);
  }

  @Authorized(CONNECTORS_WRITE)
  @Mutation(() => ConnectorJob, { description: 'Queues a connection test run by the connector job runner.' })
  testConnector(@Arg('tenantId', () => ID) tenantId: string, @Arg('connectorId', () => ID) connectorId: string, @Ctx() ctx: RequestContext): Promise<ConnectorJob> {
    return this.service.test(requirePrincipal(ctx), tenantId, connectorId);
  }

  @Authorized(CONNECTORS_WRITE)
  @Mutation(() => ConnectorJob, { description: 'Queues a metadata sync (tables and columns) run by the connector job runner.' })
  syncConnector(@Arg('tenantId', () => ID) tenantId: string, @Arg('connectorId', () => ID) connectorId: string, @Ctx() ctx: RequestContext): Promise<ConnectorJob> {
    return this.service.sync(requirePrincipal(ctx), tenantId, connectorId);
  }

  @Authorized(CONNECTORS_READ)
  @Query(() => ConnectorStatus, { description: 'Health and latest jobs of a connector; with jobId, that job too (poll it until SUCCEEDED or FAILED).' })
  connectorStatus(
    @Arg('tenantId', () => ID) tenantId: string,
    @Arg('connectorId', () => ID) connectorId: string,
    @Arg('jobId', () => String, { nullable: true }) jobId: string | undefined,
    @Ctx() ctx: RequestContext,
  ): Promise<ConnectorStatus> {
    return this.service.status(requirePrincipal(ctx), tenantId, connectorId, jobId ?? undefined);
  }
}
