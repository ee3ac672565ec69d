-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "tenant";

-- CreateTable
CREATE TABLE "tenant"."tenants" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "plan" TEXT NOT NULL,
    "tier" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "admin_email" TEXT NOT NULL,
    "admin_user_id" UUID,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL,
    "status_reason" TEXT,
    "activated_at" TIMESTAMPTZ(3),
    "suspended_at" TIMESTAMPTZ(3),
    "deprovisioned_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."tenant_status_changes" (
    "id" BIGSERIAL NOT NULL,
    "tenant_id" UUID NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "reason" TEXT,
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_status_changes_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tenants_slug_key" ON "tenant"."tenants"("slug");

-- CreateIndex
CREATE INDEX "tenants_status_idx" ON "tenant"."tenants"("status");

-- CreateIndex
CREATE INDEX "tenant_status_changes_tenant_id_created_at_idx" ON "tenant"."tenant_status_changes"("tenant_id", "created_at");

-- AddForeignKey
ALTER TABLE "tenant"."tenant_status_changes" ADD CONSTRAINT "tenant_status_changes_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"."tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

