-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "billing";

-- CreateTable
CREATE TABLE "billing"."plans" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "monthly_fee_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."plan_meters" (
    "plan_id" TEXT NOT NULL,
    "meter" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "included_quantity" DECIMAL(24,6) NOT NULL,
    "unit_price_minor" DECIMAL(24,12) NOT NULL,

    CONSTRAINT "plan_meters_pkey" PRIMARY KEY ("plan_id","meter")
);

-- CreateTable
CREATE TABLE "billing"."accounts" (
    "tenant_id" UUID NOT NULL,
    "plan_id" TEXT NOT NULL,
    "admin_email" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "billing"."metering_events" (
    "tenant_id" UUID NOT NULL,
    "event_id" TEXT NOT NULL,
    "meter" TEXT NOT NULL,
    "quantity" DECIMAL(24,6) NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "period" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "dimensions" JSONB NOT NULL DEFAULT '{}',
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "metering_events_pkey" PRIMARY KEY ("tenant_id","event_id")
);

-- CreateTable
CREATE TABLE "billing"."usage_aggregates" (
    "tenant_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "meter" TEXT NOT NULL,
    "quantity" DECIMAL(24,6) NOT NULL,
    "event_count" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "usage_aggregates_pkey" PRIMARY KEY ("tenant_id","period","meter")
);

-- CreateTable
CREATE TABLE "billing"."invoices" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "plan_id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "subtotal_minor" BIGINT NOT NULL,
    "tax_minor" BIGINT NOT NULL,
    "total_minor" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "generated_at" TIMESTAMPTZ(3) NOT NULL,
    "finalized_at" TIMESTAMPTZ(3),
    "finalized_by" TEXT,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "billing"."invoice_lines" (
    "tenant_id" UUID NOT NULL,
    "invoice_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "meter" TEXT,
    "description" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "quantity" DECIMAL(24,6) NOT NULL,
    "included" DECIMAL(24,6) NOT NULL,
    "billable" DECIMAL(24,6) NOT NULL,
    "unit_price_minor" DECIMAL(24,12) NOT NULL,
    "amount_minor" BIGINT NOT NULL,

    CONSTRAINT "invoice_lines_pkey" PRIMARY KEY ("tenant_id","invoice_id","position")
);

-- CreateTable
CREATE TABLE "billing"."budgets" (
    "tenant_id" UUID NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "thresholds" INTEGER[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "budgets_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "billing"."budget_alerts" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "period" TEXT NOT NULL,
    "threshold" INTEGER NOT NULL,
    "budget_minor" BIGINT NOT NULL,
    "spend_minor" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "budget_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "metering_events_tenant_id_period_meter_idx" ON "billing"."metering_events"("tenant_id", "period", "meter");

-- CreateIndex
CREATE INDEX "usage_aggregates_period_idx" ON "billing"."usage_aggregates"("period");

-- CreateIndex
CREATE INDEX "invoices_period_status_idx" ON "billing"."invoices"("period", "status");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_tenant_id_period_key" ON "billing"."invoices"("tenant_id", "period");

-- CreateIndex
CREATE INDEX "invoice_lines_invoice_id_idx" ON "billing"."invoice_lines"("invoice_id");

-- CreateIndex
CREATE INDEX "budget_alerts_tenant_id_created_at_idx" ON "billing"."budget_alerts"("tenant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "budget_alerts_tenant_id_period_threshold_key" ON "billing"."budget_alerts"("tenant_id", "period", "threshold");

-- AddForeignKey
ALTER TABLE "billing"."plan_meters" ADD CONSTRAINT "plan_meters_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "billing"."plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "billing"."invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "billing"."invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: the price plans (docs/billing-service.md "Plans"), one per tenant plan.
-- Fees in USD cents; unit prices in cents per unit (12 decimal places); included per month.
INSERT INTO "billing"."plans" ("id", "name", "description", "monthly_fee_minor", "currency") VALUES
  ('FREE', 'Free', 'For trying the platform: no base fee, small included quantities.', 0, 'USD'),
  ('STARTER', 'Starter', 'Small teams: 49 USD a month.', 4900, 'USD'),
  ('PROFESSIONAL', 'Professional', 'Production workloads: 499 USD a month.', 49900, 'USD'),
  ('ENTERPRISE', 'Enterprise', 'Large organisations: 1999 USD a month, lowest unit prices.', 199900, 'USD');

INSERT INTO "billing"."plan_meters" ("plan_id", "meter", "unit", "included_quantity", "unit_price_minor") VALUES
  ('FREE', 'api_calls', 'calls', 100000, 0.01),
  ('FREE', 'storage_gb_hours', 'GB-hours', 720, 0.02),
  ('FREE', 'compute_core_hours', 'core-hours', 10, 5),
  ('FREE', 'ingested_events', 'events', 1000000, 0.0001),
  ('FREE', 'query_bytes_scanned', 'bytes', 100000000000, 0.0000000005),
  ('STARTER', 'api_calls', 'calls', 1000000, 0.008),
  ('STARTER', 'storage_gb_hours', 'GB-hours', 7200, 0.015),
  ('STARTER', 'compute_core_hours', 'core-hours', 100, 4),
  ('STARTER', 'ingested_events', 'events', 10000000, 0.00008),
  ('STARTER', 'query_bytes_scanned', 'bytes', 1000000000000, 0.0000000004),
  ('PROFESSIONAL', 'api_calls', 'calls', 10000000, 0.005),
  ('PROFESSIONAL', 'storage_gb_hours', 'GB-hours', 72000, 0.01),
  ('PROFESSIONAL', 'compute_core_hours', 'core-hours', 1000, 3),
  ('PROFESSIONAL', 'ingested_events', 'events', 100000000, 0.00005),
  ('PROFESSIONAL', 'query_bytes_scanned', 'bytes', 10000000000000, 0.0000000003),
  ('ENTERPRISE', 'api_calls', 'calls', 100000000, 0.003),
  ('ENTERPRISE', 'storage_gb_hours', 'GB-hours', 720000, 0.008),
  ('ENTERPRISE', 'compute_core_hours', 'core-hours', 10000, 2.5),
  ('ENTERPRISE', 'ingested_events', 'events', 1000000000, 0.00003),
  ('ENTERPRISE', 'query_bytes_scanned', 'bytes', 100000000000000, 0.0000000002);
