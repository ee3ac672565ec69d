import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuditError } from '@dataplat/audit/errors';
import { BillingError } from '@dataplat/billing/errors';
import { ConfigError } from '@dataplat/config/errors';
import { IdentityError } from '@dataplat/identity/errors';
import { errorBlockOf, KIT_ERROR_BLOCKS, withErrorCatalogue, type ErrorBlock } from '@dataplat/kit';
import { NotificationError } from '@dataplat/notification/errors';
import { TenantError } from '@dataplat/tenant/errors';

/**
 * Every error block of the platform, in the order of docs/errors.md: kit's, then each
 * domain's. A new domain adds its `<Domain>Error` here.
 */
export const ERROR_BLOCKS: readonly ErrorBlock[] = [
  ...KIT_ERROR_BLOCKS,
  ...[IdentityError, TenantError, ConfigError, NotificationError, BillingError, AuditError].map(errorBlockOf),
];

/** The repository's docs/errors.md (from src/ and dist/ alike). */
export const ERRORS_DOC = join(__dirname, '..', '..', '..', 'docs', 'errors.md');

/** docs/errors.md as it is, and as the error blocks generate it. */
export function errorsDoc(): { current: string; generated: string } {
  const current = readFileSync(ERRORS_DOC, 'utf8');
  return { current, generated: withErrorCatalogue(current, ERROR_BLOCKS) };
}
