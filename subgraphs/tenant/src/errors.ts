import { defineErrors } from '@dataplat/kit';

/**
 * The tenant service's error codes (`DPF-TEN-*`), in ranges of twenty per area.
 * A new code takes the next number (of its range, where there are ranges), never a used one;
 * then `npm run docs:errors` regenerates docs/errors.md.
 */
export const TenantError = defineErrors('TEN', {
  TENANT_NOT_FOUND: {
    number: 1, status: 404, message: 'Tenant not found',
    when: 'A tenant id that matches no tenant, or a tenant administrator asking for another tenant ([tenant-lifecycle.md](tenant-lifecycle.md))',
  },
  TENANT_SLUG_EXISTS: {
    number: 2, status: 409, message: 'A tenant with this slug already exists',
    when: '`POST /tenants` with a slug another tenant holds (deprovisioned ones included)',
  },
  TENANT_ILLEGAL_TRANSITION: {
    number: 3, status: 409, message: 'The tenant cannot make this status change from its current status',
    when: 'Activate, suspend, update or deprovision refused by the tenant state machine (`details: {status, action}`)',
  },
  TENANT_SUSPENDED: {
    number: 4, status: 403, message: 'The tenant is suspended',
    when: 'Login, token refresh or any credential of a user of a suspended tenant',
  },
  TENANT_ADMIN_NOT_CREATED: {
    number: 5, status: 502, message: 'The first administrator of the tenant could not be created in identity',
    when: '`POST /tenants` when identity refuses or cannot be reached; the tenant stays `FAILED` (`details: {reason}`)',
  },
  // 020-039: provisioning workflow
  PROVISIONING_NOTHING_TO_RETRY: {
    number: 20, status: 400, message: 'No provisioning step has failed: there is nothing to retry',
    when: "`POST .../provisioning/retry` when the tenant's provisioning has no failed step ([tenant-provisioning.md](tenant-provisioning.md))",
  },
  PROVISIONING_BUSY: {
    number: 21, status: 409, message: 'Provisioning of this tenant is still running',
    when: 'Retry, rollback or reprovision while the job is `IN_PROGRESS` or `ROLLING_BACK` (`details: {status}`)',
  },
  PROVISIONING_NOT_FOUND: {
    number: 22, status: 404, message: 'This tenant has no provisioning record',
    when: 'Provisioning endpoints of a tenant created before the workflow existed',
  },
  PROVISIONING_STEP_NOT_FOUND: {
    number: 23, status: 404, message: 'Provisioning step not found',
    when: '`GET .../provisioning/steps/{stepId}` with an id that is not a step of this tenant (or not a UUID)',
  },
  PROVISIONING_NOTHING_TO_ROLL_BACK: {
    number: 24, status: 409, message: 'The provisioning of this tenant is already rolled back',
    when: '`POST .../provisioning/rollback` when the job is `ROLLED_BACK`',
  },
  // 040-059: quotas and alerts
  QUOTA_NOT_FOUND: {
    number: 40, status: 404, message: 'No quota for this resource type',
    when: 'A quota read, check or usage record for a resource type the tenant has no quota for ([tenant-quotas-alerts.md](tenant-quotas-alerts.md))',
  },
  QUOTA_EXCEEDED: {
    number: 41, status: 403, message: 'The hard quota for this resource is exceeded',
    when: '`POST /quotas/usage` that would take usage above the hard limit of a `HARD` quota; the REST body also has `accepted: false`, the usage fields and `message`',
  },
  QUOTA_INVALID: {
    number: 42, status: 400, message: 'Invalid quota',
    when: 'Unknown resource type or enforcement mode, negative limits, soft limit above hard limit, unit not matching the resource type (`details: {field}`)',
  },
  QUOTA_USAGE_INVALID: {
    number: 43, status: 400, message: 'Invalid usage record',
    when: 'Usage amount zero or not finite, a release taking usage below zero, empty source (`details: {field}`)',
  },
  ALERT_NOT_FOUND: {
    number: 44, status: 404, message: 'Alert not found',
    when: 'An alert id that the tenant does not have',
  },
  ALERT_ILLEGAL_TRANSITION: {
    number: 45, status: 409, message: 'The alert cannot make this status change from its current status',
    when: 'Acknowledge, suppress or resolve refused by the alert state machine (`details: {status, action}`)',
  },
  ALERT_RULE_NOT_FOUND: {
    number: 46, status: 404, message: 'Alert rule not found',
    when: 'A rule id that the tenant does not have',
  },
  ALERT_RULE_NAME_EXISTS: {
    number: 47, status: 409, message: 'An alert rule with this name already exists',
    when: 'Creating or renaming a rule to a name the tenant already uses',
  },
  ALERT_RULE_INVALID: {
    number: 48, status: 400, message: 'Invalid alert rule',
    when: 'Unknown resource type, condition, severity or channel; evaluation period not like `30s`, `5m`, `1h`, `1d` (`details: {field}`)',
  },
  // 060-079: tenant migrations
  MIGRATION_NOT_FOUND: {
    number: 60, status: 404, message: 'Migration not found',
    when: 'A migration id that the tenant does not have (or not a UUID) ([tenant-migrations.md](tenant-migrations.md))',
  },
  MIGRATION_INVALID: {
    number: 61, status: 400, message: 'Invalid migration request',
    when: "Create with an unknown or unavailable region, source not the tenant's region, source = target, a type other than `REGION`, a strategy other than `GRADUAL`/`IMMEDIATE`, a traffic shift step not dividing 100, negative downtime; estimate with a bad `targetRegion` (`details: {field}`)",
  },
  MIGRATION_ACTIVE_EXISTS: {
    number: 62, status: 409, message: 'The tenant already has an active migration',
    when: 'Create (or rollback of a finished migration) while another migration of the tenant is `PENDING`, `APPROVED`, `IN_PROGRESS` or `ROLLING_BACK` (partial unique index)',
  },
  MIGRATION_ILLEGAL_TRANSITION: {
    number: 63, status: 409, message: 'The migration cannot make this status change from its current status',
    when: 'Approve, start, cancel or rollback refused by the migration state machine (`details: {status, action}`)',
  },
  MIGRATION_NO_ACTIVE: {
    number: 64, status: 404, message: 'The tenant has no active migration',
    when: '`GET .../migrations/active` when no migration is `PENDING`, `APPROVED`, `IN_PROGRESS` or `ROLLING_BACK`',
  },
  MIGRATION_ROLLBACK_DISABLED: {
    number: 65, status: 409, message: 'Rollback is not enabled for this migration',
    when: 'Rollback of a `FAILED` migration created with `rollbackEnabled: false`',
  },
  MIGRATION_TENANT_NOT_ACTIVE: {
    number: 66, status: 409, message: 'Only an active tenant can be migrated',
    when: 'Create or start while the tenant is not `ACTIVE` (`details: {status}`)',
  },
  // 080-099: chart releases
  RELEASE_NOT_FOUND: {
    number: 80, status: 404, message: 'Release not found',
    when: 'A release id that does not exist or belongs to another tenant ([tenant-releases.md](tenant-releases.md))',
  },
  RELEASE_INVALID: {
    number: 81, status: 400, message: 'Invalid release request',
    when: "Release name not a DNS-1123 label of at most 53 characters, namespace not a DNS label, timeout not in 1..3600, values override not an object or over 32 levels / 64 KiB, unknown status filter, target revision below 1, version not semver, appVersion not the chart's (`details: {field}`)",
  },
  RELEASE_NAME_IN_USE: {
    number: 82, status: 409, message: 'A release with this name is already installed in the namespace',
    when: 'Install with a (tenant, namespace, releaseName) of a release that is not uninstalled',
  },
  RELEASE_ILLEGAL_TRANSITION: {
    number: 83, status: 409, message: 'The release cannot do this from its current status',
    when: 'Upgrade, rollback or uninstall refused by the release state machine (`details: {status, action}`)',
  },
  CHART_NOT_FOUND: {
    number: 84, status: 404, message: 'Chart not found',
    when: '`chart/{chartName}/...` for a chart that is not in the catalogue',
  },
  CHART_VERSION_UNKNOWN: {
    number: 85, status: 400, message: 'Unknown chart or chart version',
    when: 'Install, upgrade or batch upgrade to a chart version that is not in the catalogue (`details: {chartName, chartVersion}`)',
  },
  RELEASE_REVISION_NOT_FOUND: {
    number: 86, status: 404, message: 'The release has no such revision',
    when: 'Rollback to a revision number the release does not have',
  },
  RELEASE_NO_SUCCESSFUL_REVISION: {
    number: 87, status: 409, message: 'The release has no successful revision before the current one',
    when: '`rollback/last-successful` when no earlier revision is DEPLOYED or SUPERSEDED',
  },
  RELEASE_VALUES_INVALID: {
    number: 88, status: 400, message: "The values do not match the chart's value schema",
    when: "Atomic install whose merged values fail the chart's schema (nothing is kept; `details: {errors}`)",
  },
  // 100-119: cost attribution and cost dashboard
  COST_CLUSTER_NOT_FOUND: {
    number: 100, status: 404, message: 'Cluster not found',
    when: 'A cluster name that is not registered ([tenant-costs.md](tenant-costs.md))',
  },
  COST_CLUSTER_INVALID: {
    number: 101, status: 400, message: 'Invalid cluster definition',
    when: 'Empty or too long name/region, negative or all-zero weights (`details: {field}`)',
  },
  COST_RECORD_INVALID: {
    number: 102, status: 400, message: 'Invalid cost or usage record',
    when: 'Negative cost or usage, currency other than USD, empty source, bad date (`details: {field}`)',
  },
  COST_RECORD_NOT_FOUND: {
    number: 103, status: 404, message: 'No cost is recorded for this cluster and date',
    when: '`POST /cost-attribution/cluster/{clusterName}/attribute` for a day without a cluster cost record',
  },
  COST_ATTRIBUTION_NOT_FOUND: {
    number: 104, status: 404, message: 'The cost of this cluster and date has not been attributed',
    when: '`GET /cost-attribution/cluster/{clusterName}/comparison` before the day was attributed',
  },
  COST_QUERY_INVALID: {
    number: 105, status: 400, message: 'Invalid cost query parameter',
    when: 'A date not `yyyy-MM-dd`, a month not `yyyy-MM`, start after end, periods/months/threshold out of range, missing or future `date` on attribution (`details: {field}`)',
  },
  COST_PLACEMENT_CONFLICT: {
    number: 106, status: 409, message: 'The placement conflicts with a later placement of the tenant',
    when: 'Placing a tenant on a cluster from a day before its latest placement starts',
  },
  // 120-139: connectors, settings, limits, DNS, ingress, certificates
  CONNECTOR_NOT_FOUND: {
    number: 120, status: 404, message: 'Connector not found',
    when: 'A connector id the tenant does not have ([tenant-operations.md](tenant-operations.md))',
  },
  CONNECTOR_NAME_EXISTS: {
    number: 121, status: 409, message: 'A connector with this name already exists',
    when: 'Creating or renaming a connector to a name the tenant already uses',
  },
  CONNECTOR_INVALID: {
    number: 122, status: 400, message: 'Invalid connector configuration',
    when: 'Unknown connector type, missing or malformed configuration field, unknown field (`details: {field}`)',
  },
  CONNECTOR_LIMIT_REACHED: {
    number: 123, status: 409, message: 'The tenant has reached its maximum number of connectors',
    when: 'Creating a connector when the tenant already has `settings.maxConnectors` connectors (`details: {maxConnectors}`)',
  },
  CONNECTOR_JOB_NOT_FOUND: {
    number: 124, status: 404, message: 'The connector has no test or sync job yet',
    when: '`GET /connectors/{id}/status` before any test or sync',
  },
  CONNECTOR_JOB_BUSY: {
    number: 125, status: 409, message: 'A job of this kind is already queued or running for the connector',
    when: 'A second test (or sync) while one is QUEUED or RUNNING',
  },
  CONNECTOR_SYNC_UNSUPPORTED: {
    number: 126, status: 400, message: 'Metadata sync is not available for this connector type',
    when: '`POST /connectors/{id}/sync` for a type without a local metadata reader',
  },
  SETTINGS_INVALID: {
    number: 127, status: 400, message: 'Invalid tenant settings',
    when: 'Unknown IANA time zone, bad locale, retention days out of range, bad e-mail (`details: {field}`)',
  },
  LIMITS_INVALID: {
    number: 128, status: 400, message: 'Invalid tenant limits',
    when: 'Negative or non-integer limits, or a limit below current usage (`details: {field}`)',
  },
  DNS_ZONE_NOT_FOUND: {
    number: 129, status: 404, message: 'The tenant has no DNS zone',
    when: 'Reading or deleting a zone that was not created',
  },
  DNS_ZONE_EXISTS: {
    number: 130, status: 409, message: 'The tenant already has a DNS zone',
    when: 'Creating a zone twice',
  },
  DNS_RECORD_INVALID: {
    number: 131, status: 400, message: 'Invalid DNS record',
    when: 'A record with a bad label, type or value (`details: {field}`)',
  },
  INGRESS_NOT_FOUND: {
    number: 132, status: 404, message: 'The tenant has no ingress',
    when: 'Reading an ingress that provisioning did not create and nobody posted',
  },
  INGRESS_INVALID: {
    number: 133, status: 400, message: 'Invalid ingress configuration',
    when: 'Bad path, service name, port or duplicate paths (`details: {field}`)',
  },
  CERTIFICATE_INVALID: {
    number: 134, status: 400, message: 'The certificate or private key is not valid PEM',
    when: 'A certificate or key that does not parse',
  },
  CERTIFICATE_HOST_MISMATCH: {
    number: 135, status: 400, message: "The certificate does not cover the tenant's ingress host",
    when: 'Neither a SAN nor the CN matches `<slug>.<domain>`',
  },
  CERTIFICATE_KEY_MISMATCH: {
    number: 136, status: 400, message: 'The private key does not match the certificate',
    when: "The key's public half is not the certificate's",
  },
  CERTIFICATE_EXPIRED: {
    number: 137, status: 400, message: 'The certificate is expired or not yet valid',
    when: '`notAfter` in the past or `notBefore` in the future',
  },
  TENANT_NOT_OPERATIONAL: {
    number: 138, status: 409, message: 'The tenant is not in a status that allows this operation',
    when: 'Creating connectors, zones, ingress or certificates for a tenant that is not ACTIVE, PROVISIONING or SUSPENDED (e.g. DEPROVISIONED)',
  },
}, {
  title: 'tenant service',
  source: 'subgraphs/tenant/src/errors.ts',
  notes:
    'Ranges: 001-019 tenants ([tenant-lifecycle.md](tenant-lifecycle.md)), 020-039 the provisioning workflow ([tenant-provisioning.md](tenant-provisioning.md)), 040-059 quotas and alerts ([tenant-quotas-alerts.md](tenant-quotas-alerts.md)), 060-079 tenant migrations ([tenant-migrations.md](tenant-migrations.md)), 080-099 chart releases ([tenant-releases.md](tenant-releases.md)), 100-119 cost attribution and the cost dashboard ([tenant-costs.md](tenant-costs.md)), 120-139 connectors, settings, limits, DNS, ingress and certificates ([tenant-operations.md](tenant-operations.md)).',
});
