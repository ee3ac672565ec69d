import { DomainError, isUuid } from '@dataplat/kit';
import { BillingError } from '../errors';
import { formatDecimal, parseDecimal, QTY_SCALE } from '../money/decimal';
import { periodOf } from '../money/period';
import { METERS } from '../plans/pricing';
import type { NewMeteringEvent } from './metering.repository';
import type { MeteringEventInput } from './metering.inputs';

/** How far in the future an event's timestamp may lie (clock skew between services). */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

const invalid = (field: string, reason: string) => new DomainError(BillingError.EVENT_INVALID, `${field}: ${reason}`, { field, reason });

/** A metering event as it will be stored, or a 400 naming the first bad field. */
export function validateEvent(input: MeteringEventInput, now = new Date()): NewMeteringEvent {
  const eventId = input.eventId.trim();
  if (!eventId || eventId.length > 200) throw invalid('eventId', '1 to 200 characters');
  const source = input.source.trim();
  if (!source || source.length > 100) throw invalid('source', '1 to 100 characters');
  const tenantId = input.tenantId.trim().toLowerCase();
  if (!isUuid(tenantId)) throw invalid('tenantId', 'not a UUID');
  if (!Object.hasOwn(METERS, input.meter)) throw new DomainError(BillingError.METER_UNKNOWN, `Unknown meter: ${input.meter.slice(0, 60)}`, { meter: input.meter.slice(0, 60), meters: Object.keys(METERS) });
  // At most 15 integer digits per event (1 PB of bytes): aggregates (18 digits) keep 1000x headroom.
  const quantity = formatDecimal(parseDecimal(input.quantity, QTY_SCALE, 15), QTY_SCALE);
  const occurredAt = input.timestamp == null ? now : new Date(input.timestamp);
  if (Number.isNaN(occurredAt.getTime()) || (input.timestamp != null && !/^\d{4}-\d{2}-\d{2}T/.test(input.timestamp))) throw invalid('timestamp', 'not an ISO 8601 date-time');
  if (occurredAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) throw invalid('timestamp', 'more than 5 minutes in the future');
  const dimensions = input.dimensions ?? {};
  const entries = Object.entries(dimensions);
  if (entries.length > 20 || entries.some(([k, v]) => typeof v !== 'string' || k.length > 100 || v.length > 500)) {
    throw invalid('dimensions', 'at most 20 keys, each with a string value');
  }
  return { tenantId, eventId, meter: input.meter, quantity, occurredAt, period: periodOf(occurredAt), source, dimensions: dimensions as Record<string, string> };
}
