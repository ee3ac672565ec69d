import { Arg, Args, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, SystemRole, type RequestContext } from '@dataplat/kit';
import { CreateFeatureFlagInput, EvaluateFlagsArgs, FeatureFlagListArgs, FlagContextInput, UpdateFeatureFlagInput } from './flags.inputs';
import type { FlagService } from './flags.service';
import { FeatureFlag, FeatureFlagPage, FlagEvaluation } from './flags.type';
import { FLAGS_READ, FLAGS_WRITE } from '../permissions';

@Resolver(() => FeatureFlag)
export class FlagResolver {
  constructor(private readonly service: FlagService) {}

  @Authorized(FLAGS_READ)
  @Query(() => FeatureFlagPage, { description: "The acting tenant's flags and the platform-wide ones, by key." })
  featureFlags(@Args() args: FeatureFlagListArgs, @Ctx() ctx: RequestContext): Promise<FeatureFlagPage> {
    return this.service.list(requirePrincipal(ctx), args);
  }

  @Authorized(FLAGS_READ)
  @Query(() => FeatureFlag, { description: "A flag by key: the tenant's own, else the platform-wide one." })
  featureFlag(@Arg('key') key: string, @Ctx() ctx: RequestContext): Promise<FeatureFlag> {
    return this.service.get(requirePrincipal(ctx), key);
  }

  @Authorized(FLAGS_READ)
  @Query(() => FlagEvaluation, { description: 'Evaluates a flag for the caller (docs/feature-flags.md).' })
  evaluateFeatureFlag(
    @Arg('key') key: string,
    @Arg('context', () => FlagContextInput, { nullable: true }) context: FlagContextInput | null,
    @Ctx() ctx: RequestContext,
  ): Promise<FlagEvaluation> {
    return this.service.evaluate(requirePrincipal(ctx), ctx.client, key, context);
  }

  @Authorized(FLAGS_READ)
  @Query(() => [FlagEvaluation], { description: 'Evaluates several flags for the caller; unknown keys are left out.' })
  evaluateFeatureFlags(@Args() args: EvaluateFlagsArgs, @Ctx() ctx: RequestContext): Promise<FlagEvaluation[]> {
    return this.service.evaluateMany(requirePrincipal(ctx), ctx.client, args.keys, args.context);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, FLAGS_WRITE)
  @Mutation(() => FeatureFlag)
  createFeatureFlag(@Arg('input') input: CreateFeatureFlagInput, @Ctx() ctx: RequestContext): Promise<FeatureFlag> {
    return this.service.create(requirePrincipal(ctx), input);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, FLAGS_WRITE)
  @Mutation(() => FeatureFlag)
  updateFeatureFlag(@Arg('key') key: string, @Arg('input') input: UpdateFeatureFlagInput, @Ctx() ctx: RequestContext): Promise<FeatureFlag> {
    return this.service.update(requirePrincipal(ctx), key, input);
  }

  @Authorized(SystemRole.ADMIN, SystemRole.PLATFORM_ADMIN, FLAGS_WRITE)
  @Mutation(() => Boolean)
  deleteFeatureFlag(@Arg('key') key: string, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.service.delete(requirePrincipal(ctx), key);
  }
}
