import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requirePrincipal, type RequestContext } from '@dataplat/kit';
import { AUDIT_READERS } from '../core';
import { ComplianceReportListArgs, CreateComplianceReportInput } from './report.inputs';
import type { ReportService } from './report.service';
import { ComplianceReport, ComplianceReportPage } from './report.type';

@Resolver(() => ComplianceReport)
export class ReportResolver {
  constructor(private readonly service: ReportService) {}

  @Authorized(...AUDIT_READERS)
  @Query(() => ComplianceReportPage, { description: 'Compliance reports of the acting tenant, newest first (rows omitted).' })
  complianceReports(@Args() args: ComplianceReportListArgs, @Ctx() ctx: RequestContext): Promise<ComplianceReportPage> {
    return this.service.list(requirePrincipal(ctx), args);
  }

  @Authorized(...AUDIT_READERS)
  @Query(() => ComplianceReport, { description: 'One compliance report, with its rows once COMPLETED.' })
  complianceReport(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext): Promise<ComplianceReport> {
    return this.service.get(requirePrincipal(ctx), id);
  }

  @Authorized(...AUDIT_READERS)
  @Mutation(() => ComplianceReport, { description: 'Requests a compliance report: QUEUED, then built by the report worker.' })
  createComplianceReport(@Arg('input') input: CreateComplianceReportInput, @Ctx() ctx: RequestContext): Promise<ComplianceReport> {
    return this.service.create(requirePrincipal(ctx), input);
  }
}
