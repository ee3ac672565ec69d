import { isIP } from 'node:net';
import { isEmail } from 'class-validator';
import { DomainError } from '@dataplat/kit';
import { NotificationError } from '../errors';

export enum ChannelKind {
  CHAT = 'CHAT',
  EMAIL = 'EMAIL',
  WEBHOOK = 'WEBHOOK',
}

export const MAX_RECIPIENTS = 20;
export const MAX_URL_LENGTH = 2048;

export interface ChannelConfigInput {
  kind: ChannelKind;
  url?: string | null;
  recipients?: string[] | null;
}

export interface ChannelConfig {
  url: string | null;
  recipients: string[];
}

const invalid = (field: string, reason: string) => new DomainError(NotificationError.CHANNEL_INVALID, undefined, { field, reason });

/** Loopback hosts: plain http is allowed to them outside production (local receivers, tests). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Validates a channel's configuration for its kind (docs/notification-service.md "Channels"):
 * WEBHOOK and CHAT need an absolute `https` URL without credentials (`http` only to a
 * loopback host, and never in production); EMAIL needs 1 to 20 distinct valid addresses.
 * Returns the normalised configuration (addresses lower-cased, deduplicated).
 */
export function validateChannelConfig(input: ChannelConfigInput, production: boolean): ChannelConfig {
  if (input.kind === ChannelKind.EMAIL) {
    if (input.url) throw invalid('url', 'an e-mail channel has no URL');
    const recipients = [...new Set((input.recipients ?? []).map((r) => r.trim().toLowerCase()))];
    if (recipients.length === 0) throw invalid('recipients', 'at least one e-mail address is required');
    if (recipients.length > MAX_RECIPIENTS) throw invalid('recipients', `at most ${MAX_RECIPIENTS} addresses`);
    const bad = recipients.find((r) => !isEmail(r));
    if (bad !== undefined) throw invalid('recipients', `not an e-mail address: ${bad}`);
    return { url: null, recipients };
  }
  if (input.recipients?.length) throw invalid('recipients', `a ${input.kind.toLowerCase()} channel has no e-mail recipients`);
  return { url: validateUrl(input.url, production), recipients: [] };
}

function validateUrl(raw: string | null | undefined, production: boolean): string {
  if (!raw) throw invalid('url', 'a URL is required');
  if (raw.length > MAX_URL_LENGTH) throw invalid('url', `at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('url', 'not an absolute URL');
  }
  if (url.username || url.password) throw invalid('url', 'credentials in the URL are not allowed');
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && !production && isLoopbackHost(url.hostname)) return url.toString();
  throw invalid('url', 'must be https (plain http only to a loopback host, outside production)');
}
