-- Hand-written (no schema change): change notices of the queue tables, so that background loops
-- wake when there is work instead of polling (docs/decisions.md "Background work wakes on
-- notices"). Each trigger sends an empty NOTIFY on `dataplat_<schema>_<table>` (kit
-- changeChannel) in the writing transaction: it is delivered on commit, to every process that
-- LISTENs, whichever process or tool wrote the rows, and never for a rollback. Identical notices
-- of one transaction are sent once, so a statement-level trigger costs one notice per commit.

CREATE FUNCTION "platform"."notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dataplat_' || TG_TABLE_SCHEMA || '_' || TG_TABLE_NAME, '');
  RETURN NULL;
END
$$;

-- Queues: new rows are work (audit chainer, report worker, notification dispatcher, outbox relay).
CREATE TRIGGER "intake_notify_change" AFTER INSERT ON "audit"."intake"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "compliance_reports_notify_change" AFTER INSERT ON "audit"."compliance_reports"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "deliveries_notify_change" AFTER INSERT ON "notification"."deliveries"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "notification_outbox_notify_change" AFTER INSERT ON "platform"."notification_outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();

-- Schedules: a changed retention or rule moves the due time the loop sleeps until.
CREATE TRIGGER "retention_policies_notify_change" AFTER UPDATE OF "retention_days" ON "audit"."retention_policies"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "alert_rules_notify_change" AFTER INSERT OR UPDATE OF "enabled", "period_seconds" ON "tenant"."alert_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();

-- Leased jobs: a job inserted, or one nobody holds that changed status or was released (the
-- runners' sweeps; a lease held elsewhere is waited for until it runs out).
CREATE TRIGGER "provisioning_jobs_notify_change" AFTER INSERT ON "tenant"."provisioning_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "provisioning_jobs_notify_free" AFTER UPDATE OF "status", "locked_by" ON "tenant"."provisioning_jobs"
  FOR EACH ROW WHEN (NEW."locked_by" IS NULL) EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "migrations_notify_change" AFTER INSERT ON "tenant"."migrations"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "migrations_notify_free" AFTER UPDATE OF "status", "locked_by" ON "tenant"."migrations"
  FOR EACH ROW WHEN (NEW."locked_by" IS NULL) EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "connector_jobs_notify_change" AFTER INSERT ON "tenant"."connector_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform"."notify_change"();
CREATE TRIGGER "connector_jobs_notify_free" AFTER UPDATE OF "status", "locked_by" ON "tenant"."connector_jobs"
  FOR EACH ROW WHEN (NEW."locked_by" IS NULL) EXECUTE FUNCTION "platform"."notify_change"();
