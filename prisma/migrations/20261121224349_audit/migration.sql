-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "audit";

-- CreateTable
CREATE TABLE "audit"."intake" (
    "id" BIGSERIAL NOT NULL,
    "event_id" UUID NOT NULL,
    "tenant_id" UUID,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_tenant_id" UUID,
    "actor_roles" TEXT[],
    "action" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "resource_type" TEXT,
    "resource_id" TEXT,
    "outcome" TEXT NOT NULL,
    "error_code" TEXT,
    "request_id" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "subject_email" TEXT,

    CONSTRAINT "intake_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit"."events" (
    "tenant_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "id" UUID NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT,
    "actor_tenant_id" UUID,
    "actor_roles" TEXT[],
    "action" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "resource_type" TEXT,
    "resource_id" TEXT,
    "outcome" TEXT NOT NULL,
    "error_code" TEXT,
    "request_id" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("tenant_id","seq")
);

-- CreateTable
CREATE TABLE "audit"."chain_heads" (
    "tenant_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chain_heads_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateTable
CREATE TABLE "audit"."checkpoints" (
    "tenant_id" UUID NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "purged_count" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkpoints_pkey" PRIMARY KEY ("tenant_id","seq")
);

-- CreateTable
CREATE TABLE "audit"."compliance_reports" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "period_start" TIMESTAMPTZ(3) NOT NULL,
    "period_end" TIMESTAMPTZ(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "requested_by" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease_until" TIMESTAMPTZ(3),
    "summary" JSONB,
    "rows" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "compliance_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit"."retention_policies" (
    "tenant_id" UUID NOT NULL,
    "id" UUID NOT NULL,
    "category" TEXT NOT NULL,
    "retention_days" INTEGER NOT NULL,
    "updated_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "retention_policies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "events_id_key" ON "audit"."events"("id");

-- CreateIndex
CREATE INDEX "events_tenant_id_occurred_at_idx" ON "audit"."events"("tenant_id", "occurred_at");

-- CreateIndex
CREATE INDEX "events_tenant_id_actor_id_seq_idx" ON "audit"."events"("tenant_id", "actor_id", "seq");

-- CreateIndex
CREATE INDEX "events_tenant_id_resource_type_resource_id_seq_idx" ON "audit"."events"("tenant_id", "resource_type", "resource_id", "seq");

-- CreateIndex
CREATE INDEX "events_tenant_id_action_seq_idx" ON "audit"."events"("tenant_id", "action", "seq");

-- CreateIndex
CREATE INDEX "compliance_reports_tenant_id_created_at_idx" ON "audit"."compliance_reports"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "compliance_reports_status_created_at_idx" ON "audit"."compliance_reports"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "compliance_reports_tenant_id_id_key" ON "audit"."compliance_reports"("tenant_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "retention_policies_tenant_id_category_key" ON "audit"."retention_policies"("tenant_id", "category");

-- CreateIndex
CREATE UNIQUE INDEX "retention_policies_tenant_id_id_key" ON "audit"."retention_policies"("tenant_id", "id");


-- Hand-written: audit.events is append-only. UPDATE, DELETE and TRUNCATE are refused, except
-- the DELETE of the retention purge, which sets the transaction-local setting audit.purge = 'on'
-- (docs/audit-service.md "Append-only"). The hash chain detects what gets around this.
CREATE FUNCTION "audit"."refuse_event_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('audit.purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit.events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER "events_append_only" BEFORE UPDATE OR DELETE ON "audit"."events"
  FOR EACH ROW EXECUTE FUNCTION "audit"."refuse_event_change"();
CREATE TRIGGER "events_no_truncate" BEFORE TRUNCATE ON "audit"."events"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit"."refuse_event_change"();
