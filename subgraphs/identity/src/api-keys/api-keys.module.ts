import type { IdentityCore, IdentityModule } from '../core';
import { ApiKeyRotationService } from './api-key-rotation.service';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyResolver } from './api-key.resolver';
import { ApiKeyService } from './api-key.service';

/** api-keys: spec 1 "API keys" (create, list, read, revoke, rotate, rotation status and completion). */
export function apiKeysModule(core: IdentityCore): IdentityModule {
  const repo = new ApiKeyRepository(core.db);
  const keys = new ApiKeyService(repo);
  return { resolvers: [new ApiKeyResolver(keys, new ApiKeyRotationService(keys, repo, core.config.API_KEY_ROTATION_GRACE))] };
}
