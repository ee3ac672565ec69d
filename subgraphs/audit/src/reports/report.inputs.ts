import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { PageArgs } from '@dataplat/kit';
import { ComplianceReportStatus, ComplianceReportType } from './report.type';

@InputType({ description: 'A report to build over [startDate, endDate) (ISO 8601; at most 366 days).' })
export class CreateComplianceReportInput {
  @Field(() => String, { description: 'ACCESS_CHANGES, PRIVILEGED_ACTIONS, FAILED_LOGINS or ALL_ACTIVITY.' }) @IsString() type: string;
  @Field() @IsString() @MaxLength(40) startDate: string;
  @Field() @IsString() @MaxLength(40) endDate: string;
  @Field(() => String, { nullable: true }) @IsOptional() @IsString() @MaxLength(200) title?: string;
}

@ArgsType()
export class ComplianceReportListArgs extends PageArgs {
  @Field(() => ComplianceReportType, { nullable: true }) @IsOptional() type?: ComplianceReportType;
  @Field(() => ComplianceReportStatus, { nullable: true }) @IsOptional() status?: ComplianceReportStatus;
}
