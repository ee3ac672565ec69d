import { IsInt } from 'class-validator';
import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'A new retention period; 30 to 3650 days (400 DPF-AUD-009 otherwise).' })
export class UpdateRetentionPolicyInput {
  @Field(() => Int) @IsInt() retentionDays: number;
}
