-- CreateTable
CREATE TABLE "tenant"."cost_clusters" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "shared" BOOLEAN NOT NULL DEFAULT true,
    "cpu_weight" DECIMAL(18,6) NOT NULL,
    "memory_weight" DECIMAL(18,6) NOT NULL,
    "storage_weight" DECIMAL(18,6) NOT NULL,
    "network_weight" DECIMAL(18,6) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cost_clusters_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."cost_cluster_daily" (
    "cluster_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "total_cost" DECIMAL(18,6) NOT NULL,
    "compute_cost" DECIMAL(18,6) NOT NULL,
    "storage_cost" DECIMAL(18,6) NOT NULL,
    "network_cost" DECIMAL(18,6) NOT NULL,
    "other_cost" DECIMAL(18,6) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "source" TEXT NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cost_cluster_daily_pkey" PRIMARY KEY ("cluster_id","date")
);

-- CreateTable
CREATE TABLE "tenant"."cost_tenant_placements" (
    "tenant_id" UUID NOT NULL,
    "from_date" DATE NOT NULL,
    "cluster_id" UUID NOT NULL,
    "to_date" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cost_tenant_placements_pkey" PRIMARY KEY ("tenant_id","from_date")
);

-- CreateTable
CREATE TABLE "tenant"."cost_network_usage" (
    "tenant_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "source" TEXT NOT NULL,
    "gib" DECIMAL(24,6) NOT NULL,

    CONSTRAINT "cost_network_usage_pkey" PRIMARY KEY ("tenant_id","date","source")
);

-- CreateTable
CREATE TABLE "tenant"."cost_tenant_usage" (
    "tenant_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "cluster_id" UUID NOT NULL,
    "source" TEXT NOT NULL,
    "cpu_core_hours" DECIMAL(24,6) NOT NULL,
    "memory_gib_hours" DECIMAL(24,6) NOT NULL,
    "storage_gib_days" DECIMAL(24,6) NOT NULL,
    "network_gib" DECIMAL(24,6) NOT NULL,
    "weight" DECIMAL(30,6) NOT NULL,
    "cost" DECIMAL(18,6) NOT NULL,

    CONSTRAINT "cost_tenant_usage_pkey" PRIMARY KEY ("tenant_id","date","cluster_id","source")
);

-- CreateTable
CREATE TABLE "tenant"."cost_attribution_runs" (
    "cluster_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "total_weight" DECIMAL(30,6) NOT NULL,
    "cluster_cost" DECIMAL(18,6) NOT NULL,
    "attributed" DECIMAL(18,6) NOT NULL,
    "tenant_count" INTEGER NOT NULL,
    "attributed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cost_attribution_runs_pkey" PRIMARY KEY ("cluster_id","date")
);

-- CreateTable
CREATE TABLE "tenant"."cost_attributions" (
    "tenant_id" UUID NOT NULL,
    "date" DATE NOT NULL,
    "cluster_id" UUID NOT NULL,
    "cpu_usage" DECIMAL(24,6) NOT NULL,
    "memory_usage" DECIMAL(24,6) NOT NULL,
    "storage_usage" DECIMAL(24,6) NOT NULL,
    "network_usage" DECIMAL(24,6) NOT NULL,
    "weight" DECIMAL(30,6) NOT NULL,
    "share" DECIMAL(20,12) NOT NULL,
    "cost" DECIMAL(18,6) NOT NULL,
    "compute_cost" DECIMAL(18,6) NOT NULL,
    "storage_cost" DECIMAL(18,6) NOT NULL,
    "network_cost" DECIMAL(18,6) NOT NULL,
    "other_cost" DECIMAL(18,6) NOT NULL,
    "cpu_cost" DECIMAL(18,6) NOT NULL,
    "memory_cost" DECIMAL(18,6) NOT NULL,
    "storage_resource_cost" DECIMAL(18,6) NOT NULL,
    "network_resource_cost" DECIMAL(18,6) NOT NULL,

    CONSTRAINT "cost_attributions_pkey" PRIMARY KEY ("tenant_id","date","cluster_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "cost_clusters_name_key" ON "tenant"."cost_clusters"("name");

-- CreateIndex
CREATE INDEX "cost_cluster_daily_date_idx" ON "tenant"."cost_cluster_daily"("date");

-- CreateIndex
CREATE INDEX "cost_tenant_placements_cluster_id_from_date_idx" ON "tenant"."cost_tenant_placements"("cluster_id", "from_date");

-- CreateIndex
CREATE INDEX "cost_tenant_usage_date_idx" ON "tenant"."cost_tenant_usage"("date");

-- CreateIndex
CREATE INDEX "cost_attribution_runs_date_idx" ON "tenant"."cost_attribution_runs"("date");

-- CreateIndex
CREATE INDEX "cost_attributions_cluster_id_date_idx" ON "tenant"."cost_attributions"("cluster_id", "date");

-- CreateIndex
CREATE INDEX "cost_attributions_date_idx" ON "tenant"."cost_attributions"("date");

