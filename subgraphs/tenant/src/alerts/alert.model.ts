import { isEmail } from 'class-validator';

/** Alert state machine of spec 2 "States and transitions / Alert" (docs/tenant-quotas-alerts.md). */
export const ALERT_STATUSES = ['ACTIVE', 'ACKNOWLEDGED', 'SUPPRESSED', 'RESOLVED'] as const;
export const ALERT_TRANSITIONS = {
  acknowledge: { from: ['ACTIVE'], to: 'ACKNOWLEDGED' },
  suppress: { from: ['ACTIVE'], to: 'SUPPRESSED' },
  resolve: { from: ['ACKNOWLEDGED', 'SUPPRESSED'], to: 'RESOLVED' },
} as const;
export type AlertAction = keyof typeof ALERT_TRANSITIONS;
/** The evaluator resolves (AUTOMATIC) an alert of a rule whose condition no longer holds from any open state. */
export const AUTO_RESOLVABLE = ['ACTIVE', 'ACKNOWLEDGED', 'SUPPRESSED'];

export const SEVERITIES = ['INFO', 'WARNING', 'CRITICAL'] as const;
export const RESOLUTION_TYPES = ['MANUAL', 'AUTOMATIC', 'TIMEOUT'] as const;
export const CONDITIONS = ['GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'EQUAL'] as const;
export type Condition = (typeof CONDITIONS)[number];

export function holds(condition: string, value: number, threshold: number): boolean {
  switch (condition) {
    case 'GREATER_THAN': return value > threshold;
    case 'GREATER_THAN_OR_EQUAL': return value >= threshold;
    case 'LESS_THAN': return value < threshold;
    case 'LESS_THAN_OR_EQUAL': return value <= threshold;
    case 'EQUAL': return value === threshold;
    default: return false;
  }
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3_600, d: 86_400 };
export const MIN_PERIOD_SECONDS = 10;
export const MAX_PERIOD_SECONDS = 7 * 86_400;

/** `30s`, `5m`, `1h`, `1d` in seconds; null when not such a duration or outside 10 s .. 7 d. */
export function periodSeconds(text: string): number | null {
  const m = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!m) return null;
  const seconds = Number(m[1]) * UNIT_SECONDS[m[2]];
  return seconds >= MIN_PERIOD_SECONDS && seconds <= MAX_PERIOD_SECONDS ? seconds : null;
}

/**
 * A notification channel identifier: `email:<address>` (or a bare address), `webhook:<https URL>`,
 * `chat:<channel>` (`slack:<channel>` too). Returns the outbox channel and recipient, or null.
 */
export function parseChannel(id: string): { channel: 'EMAIL' | 'WEBHOOK' | 'CHAT'; recipient: string } | null {
  const text = id.trim();
  const colon = text.indexOf(':');
  const kind = colon > 0 ? text.slice(0, colon).toLowerCase() : '';
  const target = colon > 0 ? text.slice(colon + 1).trim() : text;
  if ((kind === '' || kind === 'email') && isEmail(target)) return { channel: 'EMAIL', recipient: target.toLowerCase() };
  if (kind === 'webhook' && /^https?:\/\/[^\s]+$/i.test(target)) {
    try { new URL(target); return { channel: 'WEBHOOK', recipient: target }; } catch { return null; }
  }
  if ((kind === 'chat' || kind === 'slack') && /^[#@]?[A-Za-z0-9._-]{1,80}$/.test(target)) return { channel: 'CHAT', recipient: target };
  return null;
}
