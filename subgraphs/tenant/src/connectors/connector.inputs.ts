import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType } from 'type-graphql';

const NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;

@InputType({ description: 'A new connector: its type (marketplace catalogue) and the configuration fields of the type.' })
export class CreateConnectorInput {
  @Field() @Length(1, 100) @Matches(NAME, { message: 'name: letters, digits, space, _ . -' }) name: string;
  @Field() @IsString() @Length(1, 50) type: string;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(0, 500) description?: string | null;
  @Field(() => GraphQLJSONObject) config: Record<string, unknown>;
}

@InputType({ description: 'Changes to a connector. `config` fields given replace the stored ones (null removes an optional one); omitted secrets are kept.' })
export class UpdateConnectorInput {
  @Field({ nullable: true }) @IsOptional() @Length(1, 100) @Matches(NAME, { message: 'name: letters, digits, space, _ . -' }) name?: string;
  @Field(() => String, { nullable: true }) @IsOptional() @Length(0, 500) description?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true }) @IsOptional() config?: Record<string, unknown>;
}
