import { Field, Float, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

export enum ConstraintOperator {
  IN = 'IN', NOT_IN = 'NOT_IN',
  STR_CONTAINS = 'STR_CONTAINS', STR_STARTS_WITH = 'STR_STARTS_WITH', STR_ENDS_WITH = 'STR_ENDS_WITH',
  NUM_EQ = 'NUM_EQ', NUM_GT = 'NUM_GT', NUM_GTE = 'NUM_GTE', NUM_LT = 'NUM_LT', NUM_LTE = 'NUM_LTE',
  DATE_AFTER = 'DATE_AFTER', DATE_BEFORE = 'DATE_BEFORE',
  SEMVER_EQ = 'SEMVER_EQ', SEMVER_GT = 'SEMVER_GT', SEMVER_LT = 'SEMVER_LT',
  CIDR_MATCH = 'CIDR_MATCH',
}
registerEnumType(ConstraintOperator, { name: 'FlagConstraintOperator' });

@ObjectType('FlagConstraint')
@InputType('FlagConstraintInput')
export class FlagConstraint {
  @Field({ description: 'userId, tenantId, roles, sessionId, remoteAddress, appName, environment, currentTime, or a property name.' }) contextName: string;
  @Field(() => ConstraintOperator) operator: ConstraintOperator;
  @Field(() => [String]) values: string[];
  @Field({ defaultValue: false }) caseInsensitive: boolean;
  @Field({ defaultValue: false }) inverted: boolean;
}

@ObjectType('FlagRule', { description: 'A targeting rule: every condition given must hold (docs/feature-flags.md).' })
@InputType('FlagRuleInput')
export class FlagRule {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => Float, { defaultValue: 100, description: 'Share of matching callers, 0 to 100 (two decimals).' }) percentage: number;
  @Field({ defaultValue: 'userId', description: 'Context field hashed for the rollout.' }) stickiness: string;
  @Field(() => String, { nullable: true, description: 'Hash group; the flag key when null.' }) groupId?: string | null;
  @Field(() => [String], { defaultValue: [] }) tenantIds: string[];
  @Field(() => [String], { defaultValue: [] }) userIds: string[];
  @Field(() => [String], { defaultValue: [] }) roles: string[];
  @Field(() => [FlagConstraint], { defaultValue: [] }) constraints: FlagConstraint[];
}

@ObjectType('FlagVariant')
@InputType('FlagVariantInput')
export class FlagVariant {
  @Field() name: string;
  @Field(() => Int, { description: '0 to 1000; the weights of a flag add up to 1000.' }) weight: number;
  @Field(() => String, { nullable: true }) payload?: string | null;
  @Field({ defaultValue: 'userId' }) stickiness: string;
}

@ObjectType({ description: 'A feature flag of the tenant, or a platform-wide one (platformWide).' })
export class FeatureFlag {
  @Field() key: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field({ description: 'The kill switch: off for everyone when false.' }) enabled: boolean;
  @Field({ description: 'Defined in the platform tenant: applies to every tenant without a flag of this key.' }) platformWide: boolean;
  @Field() tenantId: string;
  @Field(() => [FlagRule]) rules: FlagRule[];
  @Field(() => [FlagVariant]) variants: FlagVariant[];
  @Field(() => String, { nullable: true }) createdBy: string | null;
  @Field(() => String, { nullable: true }) updatedBy: string | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class FeatureFlagPage extends Paginated(FeatureFlag, 'FeatureFlagPage') {}

@ObjectType({ description: 'A flag evaluated for the caller.' })
export class FlagEvaluation {
  @Field() key: string;
  @Field() enabled: boolean;
  @Field(() => FlagVariant, { nullable: true }) variant: FlagVariant | null;
  @Field({ description: 'DISABLED, NO_RULES, RULE_MATCH or NO_MATCH.' }) reason: string;
  @Field(() => Int, { nullable: true }) ruleIndex: number | null;
}
