import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { ConfigHistoryArgs, PutConfigPropertiesInput, RefreshConfigInput } from './properties.inputs';
import type { PropertyService } from './properties.service';
import { ConfigEnvironment, ConfigPropertySetVersion, ConfigPropertySetVersionPage, ConfigRefreshResult } from './properties.type';
import { CONFIG_READ, CONFIG_WRITE } from '../permissions';

@Resolver(() => ConfigEnvironment)
export class PropertyResolver {
  constructor(private readonly service: PropertyService) {}

  @Authorized(CONFIG_READ)
  @Query(() => ConfigEnvironment, { description: 'Spring Cloud Config `/{application}/{profile}[/{label}]`: property sources, highest precedence first.' })
  configEnvironment(
    @Arg('application') application: string,
    @Arg('profile', { description: 'One profile or a comma-separated list (the last wins).' }) profile: string,
    @Arg('label', () => String, { nullable: true, description: 'A revision; the newest when omitted or `latest`.' }) label: string | null,
    @Ctx() ctx: RequestContext,
  ): Promise<ConfigEnvironment> {
    return this.service.environment(requirePrincipal(ctx), application, profile, label);
  }

  @Authorized(CONFIG_READ)
  @Query(() => ConfigPropertySetVersionPage, { description: "Versions of one of the acting tenant's property sets, newest first." })
  configHistory(@Args() args: ConfigHistoryArgs, @Ctx() ctx: RequestContext): Promise<ConfigPropertySetVersionPage> {
    return this.service.history(requirePrincipal(ctx), args.application, args.profile, args);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CONFIG_WRITE)
  @Mutation(() => ConfigPropertySetVersion, { description: 'Replaces a property set of the acting tenant (the platform tenant: platform-wide), as a new version.' })
  putConfigProperties(
    @Arg('application') application: string,
    @Arg('profile', () => String, { nullable: true, description: 'Null for the base set.' }) profile: string | null,
    @Arg('input') input: PutConfigPropertiesInput,
    @Ctx() ctx: RequestContext,
  ): Promise<ConfigPropertySetVersion> {
    return this.service.put(requirePrincipal(ctx), application, profile, input.properties, input.comment);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, CONFIG_WRITE)
  @Mutation(() => ConfigRefreshResult, { description: 'Announces the changes since the last refresh on the platform bus and returns the changed keys.' })
  refreshConfig(
    @Arg('input', () => RefreshConfigInput, { nullable: true }) input: RefreshConfigInput | null,
    @Ctx() ctx: RequestContext,
  ): Promise<ConfigRefreshResult> {
    return this.service.refresh(requirePrincipal(ctx), input?.applications);
  }
}
