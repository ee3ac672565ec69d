import { DomainError, type Principal } from '@dataplat/kit';
import { IdentityError } from '../errors';
import type { ApiKeyRepository, RotationRow } from './api-key.repository';
import { generateApiKey, type ApiKeyModeName } from './api-key.secret';
import { assertGrantable, ownerOf, READ, toApiKey, WRITE, type ApiKeyService } from './api-key.service';
import { ApiKeyRotationStatus, ApiKeyStatus, type ApiKeyRotation, type ApiKeyRotationResult } from './api-key.type';

/** A rotation whose grace period has run out is EXPIRED, whatever is stored. */
export function toRotation(row: RotationRow, now = new Date()): ApiKeyRotation {
  const expired = row.status === ApiKeyRotationStatus.IN_PROGRESS && row.graceEndsAt <= now;
  return {
    id: row.id,
    oldKeyId: row.oldKeyId,
    newKeyId: row.newKeyId,
    status: expired ? ApiKeyRotationStatus.EXPIRED : (row.status as ApiKeyRotationStatus),
    startedAt: row.startedAt,
    graceEndsAt: row.graceEndsAt,
    completedAt: row.completedAt,
  };
}

/**
 * Zero-downtime rotation (spec 1 "States and transitions"): rotate creates the replacement
 * and leaves the old key working for the grace period (API_KEY_ROTATION_GRACE); complete
 * revokes the old key at once. One rotation at a time per key chain.
 */
export class ApiKeyRotationService {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly repo: ApiKeyRepository,
    private readonly graceSeconds: number,
  ) {}

  async rotate(actor: Principal, keyId: number): Promise<ApiKeyRotationResult> {
    const owner = ownerOf(actor);
    const granted = await this.keys.requirePermission(owner, WRITE);
    const old = await this.keys.findOwn(owner, keyId);
    const now = new Date();
    if (old.status === ApiKeyStatus.REVOKED) throw new DomainError(IdentityError.API_KEY_NOT_ROTATABLE, 'A revoked API key cannot be rotated');
    if (old.status === ApiKeyStatus.ROTATING) throw new DomainError(IdentityError.API_KEY_NOT_ROTATABLE, 'This API key is already being rotated');
    if (old.expiresAt && old.expiresAt <= now) throw new DomainError(IdentityError.API_KEY_NOT_ROTATABLE, 'An expired API key cannot be rotated');
    // The replacement carries the same scopes: the caller must be able to grant them today.
    assertGrantable(actor, granted, old.scopes);
    const generated = generateApiKey(old.mode as ApiKeyModeName);
    const lifetime = old.expiresAt ? old.expiresAt.getTime() - old.createdAt.getTime() : null;
    const result = await this.repo.rotate(
      owner.tenantId,
      owner.userId,
      old.id,
      {
        ...owner,
        name: old.name,
        description: old.description,
        mode: old.mode,
        prefix: generated.prefix,
        keyHash: generated.hash,
        scopes: old.scopes,
        ipWhitelist: old.ipWhitelist,
        rateLimit: old.rateLimit,
        expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
      },
      now,
      new Date(now.getTime() + this.graceSeconds * 1000),
    );
    if (!result) throw new DomainError(IdentityError.API_KEY_NOT_ROTATABLE, 'This API key is part of a rotation in progress; complete it first');
    return { rotation: toRotation(result.rotation), newKey: { ...toApiKey(result.newKey), apiKey: generated.key } };
  }

  /** The latest rotation the key took part in (as old or new key); 404 when never rotated. */
  async status(actor: Principal, keyId: number): Promise<ApiKeyRotation> {
    const owner = ownerOf(actor);
    await this.keys.requirePermission(owner, READ);
    await this.keys.findOwn(owner, keyId);
    await this.repo.settleExpired(owner.tenantId, keyId);
    const rotation = await this.repo.latestRotation(owner.tenantId, keyId);
    if (!rotation) throw new DomainError(IdentityError.API_KEY_NEVER_ROTATED);
    return toRotation(rotation);
  }

  /** Completes the rotation in progress that `keyId` (old or new key) belongs to. */
  async complete(actor: Principal, keyId: number): Promise<ApiKeyRotation> {
    const owner = ownerOf(actor);
    await this.keys.requirePermission(owner, WRITE);
    await this.keys.findOwn(owner, keyId);
    const latest = await this.repo.latestRotation(owner.tenantId, keyId);
    const inProgress = latest && toRotation(latest).status === ApiKeyRotationStatus.IN_PROGRESS;
    const completed = inProgress ? await this.repo.complete(owner.tenantId, latest.id) : null;
    if (!completed) {
      await this.repo.settleExpired(owner.tenantId, keyId);
      throw new DomainError(IdentityError.API_KEY_NO_ROTATION_IN_PROGRESS);
    }
    return toRotation(completed);
  }
}
