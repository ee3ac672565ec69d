import { Field, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'One property source of an environment: a property set and its properties.' })
export class ConfigPropertySource {
  @Field({ description: '`dataplat:<scope>/<application>[-<profile>]`, scope `platform` or `tenant/<id>`.' }) name: string;
  @Field(() => GraphQLJSONObject, { description: 'Property keys to values (string, number or boolean).' }) source: Record<string, unknown>;
}

@ObjectType({ description: 'The configuration of an application, as a Spring Cloud Config server returns it.' })
export class ConfigEnvironment {
  @Field() name: string;
  @Field(() => [String]) profiles: string[];
  @Field(() => String, { nullable: true, description: 'The revision the environment was read at (null when nothing was ever written).' }) label: string | null;
  @Field(() => String, { nullable: true, description: 'The newest revision among the sets the environment is made of.' }) version: string | null;
  @Field(() => String, { nullable: true, description: 'Always null (Spring Cloud Config: state of a Vault backend).' }) state: string | null;
  @Field(() => [ConfigPropertySource], { description: 'Highest precedence first.' }) propertySources: ConfigPropertySource[];
}

@ObjectType({ description: 'One version of a property set (each change writes one; none is ever changed).' })
export class ConfigPropertySetVersion {
  @Field({ description: 'The revision: a label that names this version.' }) revision: string;
  @Field() application: string;
  @Field(() => String, { nullable: true, description: 'Null for the base set of the application.' }) profile: string | null;
  @Field({ description: '`platform` (platform-wide) or `tenant`.' }) scope: string;
  @Field() tenantId: string;
  @Field(() => GraphQLJSONObject) properties: Record<string, unknown>;
  @Field(() => [String], { description: 'Keys added, changed or removed by this version.' }) changedKeys: string[];
  @Field(() => String, { nullable: true }) author: string | null;
  @Field(() => String, { nullable: true }) comment: string | null;
  @Field() createdAt: Date;
}

@ObjectType()
export class ConfigPropertySetVersionPage extends Paginated(ConfigPropertySetVersion, 'ConfigPropertySetVersionPage') {}

@ObjectType({ description: 'A configuration refresh, announced to subscribers on the platform bus.' })
export class ConfigRefreshResult {
  @Field({ description: 'The revision announced: the newest one the tenant sees.' }) revision: string;
  @Field(() => String, { nullable: true, description: 'The revision of the previous refresh of the tenant.' }) previousRevision: string | null;
  @Field(() => [String], { description: 'Keys changed since the previous refresh (Spring Cloud Bus: the refreshed keys).' }) keys: string[];
  @Field(() => [String]) applications: string[];
  @Field() refreshedAt: Date;
}
