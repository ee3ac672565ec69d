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

-- CreateTable
CREATE TABLE "config"."marketplace_items" (
    "kind" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "marketplace_items_pkey" PRIMARY KEY ("kind","slug")
);

-- CreateIndex
CREATE INDEX "property_set_versions_tenant_id_application_profile_revisio_idx" ON "config"."property_set_versions"("tenant_id", "application", "profile", "revision" DESC);

-- CreateIndex
CREATE INDEX "marketplace_items_kind_category_idx" ON "config"."marketplace_items"("kind", "category");


-- Seed: the marketplace catalogue (docs/config-service.md "Marketplace").
INSERT INTO "config"."marketplace_items" ("kind", "slug", "name", "description", "category", "version", "attributes", "updated_at") VALUES
  ('CONNECTOR', 'postgresql', 'PostgreSQL', 'Relational database: tables and views, with incremental and logical-replication CDC syncs.', 'relational-database', '1.0.0', '{"connectorType":"postgresql","supportedSyncModes":["FULL_REFRESH","INCREMENTAL","CDC"],"configurationFields":["host","port","database","username","password"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'mysql', 'MySQL', 'Relational database: tables, incremental syncs on a cursor column, CDC from the binary log.', 'relational-database', '1.0.0', '{"connectorType":"mysql","supportedSyncModes":["FULL_REFRESH","INCREMENTAL","CDC"],"configurationFields":["host","port","database","username","password"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'sqlserver', 'Microsoft SQL Server', 'Relational database: tables, incremental syncs, CDC from SQL Server change tables.', 'relational-database', '1.0.0', '{"connectorType":"sqlserver","supportedSyncModes":["FULL_REFRESH","INCREMENTAL","CDC"],"configurationFields":["host","port","database","username","password"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'oracle', 'Oracle Database', 'Relational database: tables and views, incremental syncs on a cursor column.', 'relational-database', '1.0.0', '{"connectorType":"oracle","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["host","port","serviceName","username","password"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'mongodb', 'MongoDB', 'Document database: collections flattened to columns, change-stream CDC.', 'document-database', '1.0.0', '{"connectorType":"mongodb","supportedSyncModes":["FULL_REFRESH","INCREMENTAL","CDC"],"configurationFields":["connectionString","database"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'salesforce', 'Salesforce', 'CRM: standard and custom objects through the REST and Bulk APIs.', 'crm', '1.0.0', '{"connectorType":"salesforce","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["instanceUrl","clientId","clientSecret","refreshToken"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'hubspot', 'HubSpot', 'CRM: contacts, companies, deals and engagements.', 'crm', '1.0.0', '{"connectorType":"hubspot","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["accessToken"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'stripe', 'Stripe', 'Payments: charges, customers, invoices, subscriptions and balance transactions.', 'payments', '1.0.0', '{"connectorType":"stripe","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["secretKey"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 's3', 'Amazon S3', 'Object store: CSV, JSON, JSON Lines, Parquet and Avro files under a prefix.', 'object-store', '1.0.0', '{"connectorType":"s3","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["bucket","prefix","region","accessKeyId","secretAccessKey"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'gcs', 'Google Cloud Storage', 'Object store: CSV, JSON, JSON Lines, Parquet and Avro files under a prefix.', 'object-store', '1.0.0', '{"connectorType":"gcs","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["bucket","prefix","serviceAccountJson"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'azure_blob', 'Azure Blob Storage', 'Object store: CSV, JSON, JSON Lines, Parquet and Avro blobs in a container.', 'object-store', '1.0.0', '{"connectorType":"azure_blob","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["accountName","container","prefix","sasToken"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'sftp', 'SFTP', 'Bulk file transfer: files picked up from an SFTP directory by pattern.', 'file-transfer', '1.0.0', '{"connectorType":"sftp","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["host","port","username","password","path"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'github', 'GitHub', 'Code hosting: repositories, commits, pull requests, issues and workflow runs.', 'code-hosting', '1.0.0', '{"connectorType":"github","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["accessToken","repositories"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'jira', 'Jira', 'Issue tracking: projects, issues, sprints and worklogs.', 'issue-tracking', '1.0.0', '{"connectorType":"jira","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["domain","email","apiToken"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('CONNECTOR', 'zendesk', 'Zendesk', 'Support desk: tickets, users, organisations and satisfaction ratings.', 'support-desk', '1.0.0', '{"connectorType":"zendesk","supportedSyncModes":["FULL_REFRESH","INCREMENTAL"],"configurationFields":["subdomain","email","apiToken"],"destinationTypes":["iceberg"]}'::jsonb, CURRENT_TIMESTAMP),
  ('TEMPLATE', 'cdc-to-iceberg', 'Database CDC to Iceberg', 'Replicates a relational database into Iceberg tables with change data capture, deduplicates by primary key and checks row counts.', 'general', '1.0.0', '{"industry":"general","compliance":[],"parameters":[{"name":"sourceConnectionId","required":true},{"name":"tables","required":true},{"name":"targetNamespace","required":true},{"name":"schedule","required":false}]}'::jsonb, CURRENT_TIMESTAMP),
  ('TEMPLATE', 'file-landing-to-iceberg', 'File landing to Iceberg', 'Loads files (csv, xlsx, xls, parquet, json, jsonl, avro) from an object store or SFTP into an Iceberg table, with schema inference and null checks.', 'general', '1.0.0', '{"industry":"general","compliance":[],"parameters":[{"name":"sourceConnectionId","required":true},{"name":"filePattern","required":true},{"name":"targetTable","required":true}]}'::jsonb, CURRENT_TIMESTAMP),
  ('TEMPLATE', 'crm-customer-360', 'CRM customer 360', 'Joins CRM accounts and contacts with support tickets into one customer table, masking personal data columns.', 'retail', '1.0.0', '{"industry":"retail","compliance":["GDPR"],"parameters":[{"name":"crmConnectionId","required":true},{"name":"supportConnectionId","required":false},{"name":"targetNamespace","required":true}]}'::jsonb, CURRENT_TIMESTAMP),
  ('TEMPLATE', 'payments-reconciliation', 'Payments reconciliation', 'Matches payment-provider transactions with the ledger daily and flags unmatched amounts; card data never leaves the source.', 'finance', '1.0.0', '{"industry":"finance","compliance":["PCI_DSS","SOC2"],"parameters":[{"name":"paymentsConnectionId","required":true},{"name":"ledgerTable","required":true},{"name":"currency","required":false}]}'::jsonb, CURRENT_TIMESTAMP),
  ('TEMPLATE', 'patient-records-ingestion', 'Patient records ingestion', 'Ingests clinical records into governed tables with row-level security by care team and a retention policy.', 'healthcare', '1.0.0', '{"industry":"healthcare","compliance":["HIPAA"],"parameters":[{"name":"sourceConnectionId","required":true},{"name":"targetNamespace","required":true},{"name":"retentionDays","required":false}]}'::jsonb, CURRENT_TIMESTAMP),
  ('TEMPLATE', 'engineering-metrics', 'Engineering metrics', 'Combines code-hosting and issue-tracking data into delivery metrics (lead time, deployment frequency, cycle time).', 'technology', '1.0.0', '{"industry":"technology","compliance":[],"parameters":[{"name":"githubConnectionId","required":true},{"name":"jiraConnectionId","required":true}]}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'stream-ingestion', 'Stream ingestion', 'Webhook and topic-based streaming ingestion into tenant tables (JSON values).', 'ingestion', '1.0.0', '{"service":"ingestion"}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'feature-store', 'Feature store', 'Online and offline features for machine-learning models, with materialisation.', 'machine-learning', '1.0.0', '{"service":"ml"}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'model-serving', 'Model serving', 'Deploys registered models with autoscaling replicas, ensembles and drift reports.', 'machine-learning', '1.0.0', '{"service":"ml"}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'data-quality', 'Data quality', 'Quality rules and scores on catalogue tables, checked in pipelines.', 'quality', '1.0.0', '{"service":"quality"}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'openlineage', 'Lineage (OpenLineage)', 'Column and table lineage of pipelines, as OpenLineage events.', 'catalog', '1.0.0', '{"service":"catalog"}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'row-level-security', 'Row-level security', 'Access policies evaluated per query into filtering predicates.', 'governance', '1.0.0', '{"service":"governance"}'::jsonb, CURRENT_TIMESTAMP),
  ('EXTENSION', 'query-cost', 'Query cost and analytics', 'Cost estimates and analytics of the queries run on tenant data.', 'query', '1.0.0', '{"service":"query"}'::jsonb, CURRENT_TIMESTAMP);
