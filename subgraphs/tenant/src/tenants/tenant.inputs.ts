import { IsIn, IsOptional } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { PLANS, TENANT_STATUSES } from './tenant.model';

@ArgsType()
export class TenantListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Only tenants in this status.' })
  @IsOptional()
  @IsIn(TENANT_STATUSES)
  status?: string;

  @Field(() => String, { nullable: true, description: 'Only tenants on this plan.' })
  @IsOptional()
  @IsIn(PLANS)
  plan?: string;
}
