-- CreateTable
CREATE TABLE "tenant"."quotas" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "resource_type" TEXT NOT NULL,
    "soft_limit" DOUBLE PRECISION NOT NULL,
    "hard_limit" DOUBLE PRECISION NOT NULL,
    "unit" TEXT NOT NULL,
    "enforcement_mode" TEXT NOT NULL,
    "used" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "usage_window" TEXT,
    "window_start" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "quotas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."quota_usage_records" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" UUID NOT NULL,
    "resource_type" TEXT NOT NULL,
    "amount" DOUBLE PRECISION NOT NULL,
    "used_after" DOUBLE PRECISION NOT NULL,
    "hard_limit" DOUBLE PRECISION NOT NULL,
    "source" TEXT NOT NULL,
    "accepted" BOOLEAN NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quota_usage_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."alerts" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "rule_id" UUID,
    "source" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "message" TEXT NOT NULL,
    "current_value" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "acknowledged_by" UUID,
    "acknowledged_at" TIMESTAMPTZ(3),
    "suppressed_at" TIMESTAMPTZ(3),
    "resolved_by" UUID,
    "resolved_at" TIMESTAMPTZ(3),
    "resolution_type" TEXT,
    "resolution_notes" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."alert_rules" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "rule_name" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "condition" TEXT NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "severity" TEXT NOT NULL,
    "evaluation_period" TEXT NOT NULL,
    "period_seconds" INTEGER NOT NULL,
    "notification_channels" TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "last_evaluated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "quotas_tenant_id_resource_type_key" ON "tenant"."quotas"("tenant_id", "resource_type");

-- CreateIndex
CREATE INDEX "quota_usage_records_tenant_id_resource_type_recorded_at_idx" ON "tenant"."quota_usage_records"("tenant_id", "resource_type", "recorded_at");

-- CreateIndex
CREATE INDEX "alerts_tenant_id_status_created_at_idx" ON "tenant"."alerts"("tenant_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "alerts_tenant_id_source_resource_type_status_idx" ON "tenant"."alerts"("tenant_id", "source", "resource_type", "status");

-- CreateIndex
CREATE INDEX "alert_rules_enabled_last_evaluated_at_idx" ON "tenant"."alert_rules"("enabled", "last_evaluated_at");

-- CreateIndex
CREATE UNIQUE INDEX "alert_rules_tenant_id_rule_name_key" ON "tenant"."alert_rules"("tenant_id", "rule_name");

-- AddForeignKey
ALTER TABLE "tenant"."alerts" ADD CONSTRAINT "alerts_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "tenant"."alert_rules"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Hand-written: quotas, usage, alerts and rules belong to a tenant (removed with it).
ALTER TABLE "tenant"."quotas" ADD CONSTRAINT "quotas_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"."tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tenant"."quota_usage_records" ADD CONSTRAINT "quota_usage_records_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"."tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tenant"."alerts" ADD CONSTRAINT "alerts_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"."tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "tenant"."alert_rules" ADD CONSTRAINT "alert_rules_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"."tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Usage never below zero; limits ordered (the service checks both; the database holds them too).
ALTER TABLE "tenant"."quotas" ADD CONSTRAINT "quotas_used_check" CHECK ("used" >= 0);
ALTER TABLE "tenant"."quotas" ADD CONSTRAINT "quotas_limits_check" CHECK ("soft_limit" >= 0 AND "soft_limit" <= "hard_limit");
