import { Arg, Args, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import type { ApiKeyRotationService } from './api-key-rotation.service';
import { ApiKeyListArgs, CreateApiKeyInput } from './api-key.inputs';
import { READ, WRITE, type ApiKeyService } from './api-key.service';
import { ApiKey, ApiKeyPage, ApiKeyRotation, ApiKeyRotationResult, CreatedApiKey } from './api-key.type';

/**
 * The caller's own API keys. Any user may manage their keys when their roles grant the
 * permissions api-keys:read / api-keys:write; an API key reaches these fields only when it
 * holds the same scope.
 */
@Resolver(() => ApiKey)
export class ApiKeyResolver {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly rotations: ApiKeyRotationService,
  ) {}

  @Authorized(READ)
  @Query(() => ApiKeyPage, { description: "The caller's API keys, paginated (never the secrets)." })
  apiKeys(@Args() args: ApiKeyListArgs, @Ctx() ctx: RequestContext): Promise<ApiKeyPage> {
    return this.keys.list(requirePrincipal(ctx), args);
  }

  @Authorized(READ)
  @Query(() => ApiKey)
  apiKey(@Arg('keyId', () => Int) keyId: number, @Ctx() ctx: RequestContext): Promise<ApiKey> {
    return this.keys.get(requirePrincipal(ctx), keyId);
  }

  @Authorized(READ)
  @Query(() => ApiKeyRotation, { description: 'The latest rotation the key took part in, as old or new key.' })
  apiKeyRotationStatus(@Arg('keyId', () => Int) keyId: number, @Ctx() ctx: RequestContext): Promise<ApiKeyRotation> {
    return this.rotations.status(requirePrincipal(ctx), keyId);
  }

  @Authorized(WRITE)
  @Mutation(() => CreatedApiKey, { description: 'Creates a key; the full key is in `apiKey`, this once.' })
  createApiKey(@Arg('input') input: CreateApiKeyInput, @Ctx() ctx: RequestContext): Promise<CreatedApiKey> {
    return this.keys.create(requirePrincipal(ctx), input);
  }

  @Authorized(WRITE)
  @Mutation(() => Boolean, { description: 'Revokes a key; it stops working at once.' })
  revokeApiKey(@Arg('keyId', () => Int) keyId: number, @Ctx() ctx: RequestContext): Promise<boolean> {
    return this.keys.revoke(requirePrincipal(ctx), keyId);
  }

  @Authorized(WRITE)
  @Mutation(() => ApiKeyRotationResult, { description: 'Creates the replacement key; the old one keeps working until the grace period ends.' })
  rotateApiKey(@Arg('keyId', () => Int) keyId: number, @Ctx() ctx: RequestContext): Promise<ApiKeyRotationResult> {
    return this.rotations.rotate(requirePrincipal(ctx), keyId);
  }

  @Authorized(WRITE)
  @Mutation(() => ApiKeyRotation, { description: 'Ends the rotation `keyId` (old or new key) belongs to: the old key is revoked at once.' })
  completeApiKeyRotation(@Arg('keyId', () => Int) keyId: number, @Ctx() ctx: RequestContext): Promise<ApiKeyRotation> {
    return this.rotations.complete(requirePrincipal(ctx), keyId);
  }
}
