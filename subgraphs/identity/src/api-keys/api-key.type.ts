import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

export enum ApiKeyMode {
  LIVE = 'LIVE',
  TEST = 'TEST',
}
registerEnumType(ApiKeyMode, { name: 'ApiKeyMode', description: 'Live keys act on real data; test keys are marked for sandboxes (`dpk_test_`).' });

export enum ApiKeyStatus {
  ACTIVE = 'ACTIVE',
  /** Replaced by a rotation; works until the rotation's grace period ends or it is completed. */
  ROTATING = 'ROTATING',
  REVOKED = 'REVOKED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(ApiKeyStatus, { name: 'ApiKeyStatus' });

export enum ApiKeyRotationStatus {
  IN_PROGRESS = 'IN_PROGRESS',
  COMPLETED = 'COMPLETED',
  EXPIRED = 'EXPIRED',
}
registerEnumType(ApiKeyRotationStatus, { name: 'ApiKeyRotationStatus' });

@ObjectType({ description: 'An API key of the caller. The secret itself is never shown again after creation.' })
export class ApiKey {
  @Field(() => Int) keyId: number;
  @Field() name: string;
  @Field() description: string;
  @Field({ description: 'Leading 16 characters of the key, for recognising it.' }) prefix: string;
  @Field(() => ApiKeyMode) mode: ApiKeyMode;
  @Field(() => [String], { description: '`<resource>:<action>` scopes the key is limited to.' }) scopes: string[];
  @Field(() => [String], { description: 'CIDR ranges the key may be used from; empty: anywhere.' }) ipWhitelist: string[];
  @Field(() => Int, { nullable: true, description: 'Requests per minute; null: the platform default.' }) rateLimit: number | null;
  @Field(() => ApiKeyStatus, { description: 'Effective status: an expired key or a rotated key past its grace period no longer works.' })
  status: ApiKeyStatus;
  @Field(() => Date, { nullable: true }) expiresAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'While ROTATING: when this key stops working.' }) graceEndsAt: Date | null;
  @Field(() => Date, { nullable: true, description: 'Updated at most once a minute.' }) lastUsedAt: Date | null;
  @Field(() => String, { nullable: true }) lastUsedIp: string | null;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType({ description: 'A new API key with its secret, returned once (creation and rotation).' })
export class CreatedApiKey extends ApiKey {
  @Field({ description: 'The full key. Store it now: it is never returned again.' }) apiKey: string;
}

@ObjectType()
export class ApiKeyPage extends Paginated(ApiKey, 'ApiKeyPage') {}

@ObjectType({ description: 'A key rotation: both keys work until graceEndsAt or until it is completed.' })
export class ApiKeyRotation {
  @Field(() => Int) id: number;
  @Field(() => Int) oldKeyId: number;
  @Field(() => Int) newKeyId: number;
  @Field(() => ApiKeyRotationStatus) status: ApiKeyRotationStatus;
  @Field() startedAt: Date;
  @Field() graceEndsAt: Date;
  @Field(() => Date, { nullable: true }) completedAt: Date | null;
}

@ObjectType()
export class ApiKeyRotationResult {
  @Field(() => ApiKeyRotation) rotation: ApiKeyRotation;
  @Field(() => CreatedApiKey, { description: 'The replacement key, shown once.' }) newKey: CreatedApiKey;
}
