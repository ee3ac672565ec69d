import { defineErrors } from '@dataplat/kit';

/**
 * The configuration service's error codes (`DPF-CFG-*`): properties, feature flags, marketplace.
 * A new code takes the next number (of its range, where there are ranges), never a used one;
 * then `npm run docs:errors` regenerates docs/errors.md.
 */
export const ConfigError = defineErrors('CFG', {
  LABEL_NOT_FOUND: {
    number: 1, status: 404, message: 'Configuration label not found',
    when: '`GET /config/{application}/{profile}/{label}` with a label that is not a revision number up to the latest one ([config-service.md](config-service.md))',
  },
  PROPERTY_INVALID: {
    number: 2, status: 400, message: 'Invalid configuration property',
    when: 'A property key that is empty, longer than 255 characters or has characters outside `A-Z a-z 0-9 . _ - [ ]`; a value that is not a string, number or boolean; an application or profile name outside `[A-Za-z0-9._-]{1,100}` (`details: {field, key?}`)',
  },
  PLATFORM_ADMIN_ONLY: {
    number: 3, status: 403, message: 'Platform-wide configuration is changed by platform administrators only',
    when: 'A caller acting in the platform tenant without `PLATFORM_ADMIN` writes properties, refreshes, or creates, updates or deletes a feature flag',
  },
  FEATURE_FLAG_NOT_FOUND: {
    number: 4, status: 404, message: 'Feature flag not found',
    when: "A key that matches no flag of the caller's tenant (nor, for reads and evaluation, a platform-wide flag) ([feature-flags.md](feature-flags.md))",
  },
  FEATURE_FLAG_EXISTS: {
    number: 5, status: 409, message: 'A feature flag with this key already exists',
    when: '`POST /feature-flags` with a key the tenant already has',
  },
  FEATURE_FLAG_INVALID: {
    number: 6, status: 400, message: 'Invalid feature flag definition',
    when: 'A rule or variant that cannot be evaluated: a malformed key, a percentage outside 0 to 100, a constraint operator given values of the wrong kind (a version that is not semver, a date that is not ISO 8601, a number that is not finite, an address block that is not a CIDR), variant weights that do not add up to 1000, duplicate variant names (`details: {field, reason}`)',
  },
}, {
  title: 'configuration service',
  source: 'subgraphs/config/src/errors.ts',
  doc: 'config-service.md',
  notes:
    'Properties ([config-service.md](config-service.md)) and feature flags ([feature-flags.md](feature-flags.md)).',
});
