import { Paginated } from '@dataplat/kit';
import { SafeIntResolver } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { LineItem } from '../plans/charge.type';

@ObjectType({ description: 'An invoice of one tenant for one period: DRAFT (replaced when regenerated) or FINALIZED (immutable).' })
export class Invoice {
  @Field(() => ID) id: string;
  @Field(() => ID) tenantId: string;
  @Field({ description: 'YYYY-MM (UTC).' }) period: string;
  @Field() periodStart: Date;
  @Field() periodEnd: Date;
  @Field() planId: string;
  @Field() currency: string;
  @Field({ description: 'DRAFT or FINALIZED.' }) status: string;
  @Field(() => [LineItem]) lineItems: LineItem[];
  @Field(() => SafeIntResolver) subtotalMinor: number;
  @Field(() => SafeIntResolver) taxMinor: number;
  @Field(() => SafeIntResolver) totalMinor: number;
  @Field() generatedAt: Date;
  @Field(() => Date, { nullable: true }) finalizedAt: Date | null;
  @Field(() => String, { nullable: true }) finalizedBy: string | null;
}

@ObjectType()
export class InvoicePage extends Paginated(Invoice, 'InvoicePage') {}

@ObjectType({ description: 'What an invoice generation run did.' })
export class InvoiceGeneration {
  @Field() period: string;
  @Field(() => Int, { description: 'New DRAFT invoices.' }) created: number;
  @Field(() => Int, { description: 'DRAFT invoices recomputed.' }) replaced: number;
  @Field(() => Int, { description: 'FINALIZED invoices left untouched.' }) skipped: number;
  @Field(() => [Invoice], { description: 'The DRAFT invoices written by this run.' }) invoices: Invoice[];
}
