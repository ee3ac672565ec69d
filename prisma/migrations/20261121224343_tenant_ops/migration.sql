-- CreateTable
CREATE TABLE "tenant"."connectors" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "description" TEXT,
    "config" JSONB NOT NULL DEFAULT '{}',
    "sealed_secrets" TEXT,
    "health" TEXT NOT NULL DEFAULT 'UNTESTED',
    "last_tested_at" TIMESTAMPTZ(3),
    "metadata" JSONB,
    "last_synced_at" TIMESTAMPTZ(3),
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connectors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."connector_jobs" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "connector_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "result" JSONB,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "requested_by" TEXT,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "connector_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."tenant_preferences" (
    "tenant_id" UUID NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "locale" TEXT NOT NULL DEFAULT 'en-US',
    "data_retention_days" INTEGER NOT NULL DEFAULT 365,
    "notification_email" TEXT,
    "default_region" TEXT,
    "updated_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tenant_preferences_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "tenant"."tenant_limits" (
    "tenant_id" UUID NOT NULL,
    "max_storage_gb" INTEGER,
    "max_pipelines" INTEGER,
    "max_api_keys" INTEGER,
    "updated_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tenant_limits_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "tenant"."tenant_dns_zones" (
    "tenant_id" UUID NOT NULL,
    "zone_name" TEXT NOT NULL,
    "serial" INTEGER NOT NULL,
    "name_servers" TEXT[],
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tenant_dns_zones_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "tenant"."tenant_ingress_routes" (
    "tenant_id" UUID NOT NULL,
    "path" TEXT NOT NULL,
    "service" TEXT NOT NULL,
    "port" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_ingress_routes_pkey" PRIMARY KEY ("tenant_id","path")
);

-- CreateTable
CREATE TABLE "tenant"."tenant_certificates" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "host" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "certificate_pem" TEXT,
    "sealed_key" TEXT,
    "fingerprint" TEXT,
    "subject" TEXT,
    "issuer" TEXT,
    "subject_alt_names" TEXT[],
    "not_before" TIMESTAMPTZ(3),
    "not_after" TIMESTAMPTZ(3),
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "connectors_tenant_id_name_key" ON "tenant"."connectors"("tenant_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "connectors_tenant_id_id_key" ON "tenant"."connectors"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "connector_jobs_tenant_id_connector_id_created_at_idx" ON "tenant"."connector_jobs"("tenant_id", "connector_id", "created_at");

-- CreateIndex
CREATE INDEX "connector_jobs_status_locked_until_idx" ON "tenant"."connector_jobs"("status", "locked_until");

-- CreateIndex
CREATE UNIQUE INDEX "tenant_dns_zones_zone_name_key" ON "tenant"."tenant_dns_zones"("zone_name");

-- CreateIndex
CREATE INDEX "tenant_certificates_tenant_id_created_at_idx" ON "tenant"."tenant_certificates"("tenant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "tenant_certificates_tenant_id_id_key" ON "tenant"."tenant_certificates"("tenant_id", "id");

-- AddForeignKey
ALTER TABLE "tenant"."connector_jobs" ADD CONSTRAINT "connector_jobs_tenant_id_connector_id_fkey" FOREIGN KEY ("tenant_id", "connector_id") REFERENCES "tenant"."connectors"("tenant_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: at most one QUEUED or RUNNING job of a kind per connector (the service also
-- serialises the check with an advisory lock; this index is the last word).
CREATE UNIQUE INDEX "connector_jobs_one_active_key" ON "tenant"."connector_jobs" ("tenant_id", "connector_id", "kind") WHERE "status" IN ('QUEUED', 'RUNNING');
