import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';

@ArgsType()
export class MarketplaceListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only this category (for templates: the industry).' })
  @IsOptional()
  @MaxLength(100)
  category?: string;

  @Field(() => String, { nullable: true, description: 'Matches name or description, case-insensitive.' })
  @IsOptional()
  @MaxLength(200)
  search?: string;
}
