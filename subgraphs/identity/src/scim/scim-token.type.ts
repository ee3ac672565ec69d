import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';

export const MAX_SCIM_TOKEN_DAYS = 3650;

@ObjectType({ description: 'A SCIM bearer token of the tenant (the token itself is shown only when issued).' })
export class ScimToken {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field({ description: 'Leading characters of the token, to recognise it.' }) prefix: string;
  @Field({ description: 'ACTIVE, REVOKED or EXPIRED.' }) status: string;
  @Field(() => String, { nullable: true, description: 'Administrator who issued it.' }) createdBy: string | null;
  @Field() createdAt: Date;
  @Field(() => Date, { nullable: true }) expiresAt: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt: Date | null;
}

@ObjectType({ description: 'A newly issued SCIM token: `token` is shown this once and never stored in clear.' })
export class IssuedScimToken extends ScimToken {
  @Field() token: string;
}

@InputType()
export class IssueScimTokenInput {
  @Field() @IsString() @Length(1, 100) name: string;
  @Field(() => Int, { nullable: true, description: `Days until the token expires, 1 to ${MAX_SCIM_TOKEN_DAYS}; never when omitted.` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SCIM_TOKEN_DAYS)
  expirationDays?: number;
}
