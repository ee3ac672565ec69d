-- CreateTable
CREATE TABLE "tenant"."migrations" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "migration_name" TEXT NOT NULL,
    "description" TEXT,
    "migration_type" TEXT NOT NULL,
    "source_region" TEXT NOT NULL,
    "target_region" TEXT NOT NULL,
    "migrate_data" BOOLEAN NOT NULL,
    "migrate_config" BOOLEAN NOT NULL,
    "migrate_secrets" BOOLEAN NOT NULL,
    "backup_before_migration" BOOLEAN NOT NULL,
    "rollback_enabled" BOOLEAN NOT NULL,
    "auto_rollback_on_failure" BOOLEAN NOT NULL,
    "traffic_strategy" TEXT NOT NULL,
    "traffic_shift_step" INTEGER NOT NULL,
    "max_downtime_minutes" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "progress_percent" INTEGER NOT NULL DEFAULT 0,
    "current_step" TEXT,
    "traffic_percent" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_by" TEXT,
    "approved_by" TEXT,
    "approved_at" TIMESTAMPTZ(3),
    "started_by" TEXT,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "cancelled_by" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "rollback_requested_by" TEXT,
    "rollback_started_at" TIMESTAMPTZ(3),
    "rolled_back_at" TIMESTAMPTZ(3),
    "duration_ms" INTEGER,
    "downtime_ms" INTEGER,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "migrations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."migration_steps" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "migration_id" UUID NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "traffic_percent" INTEGER,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "output" JSONB,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "duration_ms" INTEGER,
    "rolled_back_at" TIMESTAMPTZ(3),

    CONSTRAINT "migration_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant"."regions" (
    "code" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "available" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "regions_pkey" PRIMARY KEY ("code")
);

-- CreateIndex
CREATE INDEX "migrations_tenant_id_created_at_idx" ON "tenant"."migrations"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "migrations_status_locked_until_idx" ON "tenant"."migrations"("status", "locked_until");

-- CreateIndex
CREATE UNIQUE INDEX "migrations_tenant_id_id_key" ON "tenant"."migrations"("tenant_id", "id");

-- CreateIndex
CREATE INDEX "migration_steps_migration_id_idx" ON "tenant"."migration_steps"("migration_id");

-- CreateIndex
CREATE UNIQUE INDEX "migration_steps_tenant_id_migration_id_ordinal_key" ON "tenant"."migration_steps"("tenant_id", "migration_id", "ordinal");

-- AddForeignKey
ALTER TABLE "tenant"."migration_steps" ADD CONSTRAINT "migration_steps_migration_id_fkey" FOREIGN KEY ("migration_id") REFERENCES "tenant"."migrations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: at most one active migration per tenant (spec 2 "Limits" rule 5). Two
-- concurrent creates cannot both commit: the second gets a unique violation (409 DPF-TEN-062).
CREATE UNIQUE INDEX "migrations_one_active_per_tenant" ON "tenant"."migrations"("tenant_id") WHERE "status" IN ('PENDING', 'APPROVED', 'IN_PROGRESS', 'ROLLING_BACK');

-- Hand-written: the regions tenants can be migrated between (docs/tenant-migrations.md "Regions").
INSERT INTO "tenant"."regions" ("code", "display_name", "area", "available") VALUES
  ('us-east-1', 'US East (N. Virginia)', 'NORTH_AMERICA', true),
  ('us-west-2', 'US West (Oregon)', 'NORTH_AMERICA', true),
  ('eu-west-1', 'Europe (Ireland)', 'EUROPE', true),
  ('eu-central-1', 'Europe (Frankfurt)', 'EUROPE', true),
  ('ap-southeast-1', 'Asia Pacific (Singapore)', 'ASIA_PACIFIC', true)
ON CONFLICT ("code") DO NOTHING;
