import { Directive, Field, ID, ObjectType } from 'type-graphql';
import { Paginated } from '@dataplat/kit';

@ObjectType({ description: 'A user account of one tenant.' })
@Directive('@key(fields: "id")')
export class User {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field() email: string;
  @Field() firstName: string;
  @Field() lastName: string;
  @Field(() => [String], { description: 'Names of the roles the user holds.' }) roles: string[];
  @Field() enabled: boolean;
  @Field() emailVerified: boolean;
  @Field({ description: 'True while the user must change a temporary password.' }) mustChangePassword: boolean;
  @Field({ description: 'True while failed logins keep the account locked.' }) locked: boolean;
  @Field(() => Date, { nullable: true }) lastLoginAt: Date | null;
  @Field() createdAt: Date;
  @Field() updatedAt: Date;
}

@ObjectType()
export class UserPage extends Paginated(User, 'UserPage') {}

@ObjectType({ description: 'A temporary password set by an administrator; shown once, to be changed at next login.' })
export class TemporaryPasswordResult {
  @Field() temporaryPassword: string;
}
