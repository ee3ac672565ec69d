import { ArrayMaxSize, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { PageArgs } from '@dataplat/kit';
import { NAME } from './names';

@InputType({ description: 'The whole new content of a property set (PUT semantics: keys left out are removed).' })
export class PutConfigPropertiesInput {
  @Field(() => GraphQLJSONObject, { description: 'Flat map of keys to string, number or boolean values; {} empties the set.' })
  properties: Record<string, unknown>;

  @Field(() => String, { nullable: true, description: 'Why (kept in the history).' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  comment?: string;
}

@InputType({ description: 'What to refresh; everything when omitted.' })
export class RefreshConfigInput {
  @Field(() => [String], { nullable: true, description: 'Only changes of these applications.' })
  @IsOptional()
  @ArrayMaxSize(100)
  @Matches(NAME, { each: true })
  applications?: string[];
}

@ArgsType()
export class ConfigHistoryArgs extends PageArgs {
  @Field() application: string;
  @Field(() => String, { nullable: true, description: 'Null for the base set.' }) profile?: string | null;
}
