-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "config";

-- CreateTable
CREATE TABLE "config"."property_set_versions" (
    "tenant_id" UUID NOT NULL,
    "revision" BIGSERIAL NOT NULL,
    "application" TEXT NOT NULL,
    "profile" TEXT NOT NULL DEFAULT '',
    "properties" JSONB NOT NULL,
    "changed_keys" TEXT[],
    "author" TEXT,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "property_set_versions_pkey" PRIMARY KEY ("tenant_id","revision")
);

-- CreateTable
CREATE TABLE "config"."refreshes" (
    "tenant_id" UUID NOT NULL,
    "id" BIGSERIAL NOT NULL,
    "revision" BIGINT NOT NULL,
    "previous_revision" BIGINT,
    "keys" TEXT[],
    "applications" TEXT[],
    "actor" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refreshes_pkey" PRIMARY KEY ("tenant_id","id")
);

-- CreateTable
CREATE TABLE "config"."feature_flags" (
    "tenant_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "rules" JSONB NOT NULL DEFAULT '[]',
    "variants" JSONB NOT NULL DEFAULT '[]',
    "created_by" TEXT,
    "updated_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "feature_flags_pkey" PRIMARY KEY ("tenant_id","key")
);

-- CreateIndex
CREATE INDEX "property_set_versions_tenant_id_application_profile_revisio_idx" ON "config"."property_set_versions"("tenant_id", "application", "profile", "revision" DESC);

