import { definePermissions } from '@dataplat/kit';

/** Every permission the billing subgraph checks; seeded by identity (docs/identity-users-roles.md). */
export const BILLING_READ = 'billing:read';
export const BILLING_WRITE = 'billing:write';
/** The scope a service client needs to send metering events. */
export const METERING_WRITE = 'metering:write';

export const BILLING_PERMISSIONS = definePermissions('billing', [
  { name: BILLING_READ, description: 'Read usage, invoices, budgets and billing alerts' },
  { name: BILLING_WRITE, description: 'Set budgets; finalize and generate invoices (platform administrators)' },
  { name: METERING_WRITE, description: 'Service tokens: send metering events', adminDefault: false },
]);
