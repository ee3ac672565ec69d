-- CreateTable
CREATE TABLE "tenant"."provisioning_jobs" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "restart_after_rollback" BOOLEAN NOT NULL DEFAULT false,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "error" TEXT,
    "actor" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "provisioning_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."provisioning_steps" (
    "id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "phase" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "output" JSONB,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "duration_ms" INTEGER,
    "rolled_back_at" TIMESTAMPTZ(3),

    CONSTRAINT "provisioning_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."provisioning_events" (
    "id" BIGSERIAL NOT NULL,
    "job_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "phase" TEXT,
    "step" TEXT,
    "message" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provisioning_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."provisioned_quotas" (
    "tenant_id" UUID NOT NULL,
    "resource" TEXT NOT NULL,
    "limit" BIGINT NOT NULL,
    "unit" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provisioned_quotas_pkey" PRIMARY KEY ("tenant_id","resource")
);

-- CreateTable
CREATE TABLE "tenant"."provisioned_rate_limits" (
    "tenant_id" UUID NOT NULL,
    "tier" TEXT NOT NULL,
    "per_second" INTEGER NOT NULL,
    "burst_second" INTEGER NOT NULL,
    "per_minute" INTEGER NOT NULL,
    "burst_minute" INTEGER NOT NULL,
    "per_hour" INTEGER NOT NULL,
    "burst_hour" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provisioned_rate_limits_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "tenant"."provisioned_network_records" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provisioned_network_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."provisioning_faults" (
    "slug" TEXT NOT NULL,
    "step" TEXT NOT NULL,
    "remaining" INTEGER NOT NULL DEFAULT 1,
    "fail" BOOLEAN NOT NULL DEFAULT true,
    "delay_ms" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provisioning_faults_pkey" PRIMARY KEY ("slug","step")
);

-- CreateIndex
CREATE UNIQUE INDEX "provisioning_jobs_tenant_id_key" ON "tenant"."provisioning_jobs"("tenant_id");

-- CreateIndex
CREATE INDEX "provisioning_jobs_status_locked_until_idx" ON "tenant"."provisioning_jobs"("status", "locked_until");

-- CreateIndex
CREATE INDEX "provisioning_steps_tenant_id_idx" ON "tenant"."provisioning_steps"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "provisioning_steps_job_id_ordinal_key" ON "tenant"."provisioning_steps"("job_id", "ordinal");

-- CreateIndex
CREATE INDEX "provisioning_events_tenant_id_created_at_idx" ON "tenant"."provisioning_events"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "provisioning_events_job_id_id_idx" ON "tenant"."provisioning_events"("job_id", "id");

-- CreateIndex
CREATE INDEX "provisioned_network_records_tenant_id_idx" ON "tenant"."provisioned_network_records"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "provisioned_network_records_kind_name_key" ON "tenant"."provisioned_network_records"("kind", "name");

-- AddForeignKey
ALTER TABLE "tenant"."provisioning_steps" ADD CONSTRAINT "provisioning_steps_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "tenant"."provisioning_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tenant"."provisioning_events" ADD CONSTRAINT "provisioning_events_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "tenant"."provisioning_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

