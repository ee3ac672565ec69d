import type { EmailTransport } from '@dataplat/kit';
import { SIGNATURE_HEADER, signWebhook } from './signature';

/** The JSON document a delivery carries (the webhook body; chat and e-mail are rendered from it). */
export interface DeliveryPayload {
  /** The event id: the notification id (stable across retries, for receivers to deduplicate). */
  id: string;
  type: 'notification.created';
  tenantId: string;
  createdAt: string;
  notification: {
    id: string;
    userId: string;
    category: string;
    severity: string;
    title: string;
    body: string;
    link: string | null;
    data: Record<string, unknown>;
    source: string | null;
    createdAt: string;
  };
}

/** The JSON document of a platform-outbox message (queued by another service) sent to a webhook. */
export interface OutboxEvent {
  /** `outbox-<row id>`: stable across retries, for receivers to deduplicate. */
  id: string;
  /** The message's template, e.g. `tenant.alert-raised`. */
  type: string;
  tenantId: string | null;
  createdAt: string;
  subject: string;
  body: string;
  data: Record<string, unknown>;
}

/** What a channel delivery needs of its channel (the signing secret already opened). */
export interface DeliveryTarget {
  kind: string;
  url: string | null;
  recipients: string[];
  secret: string | null;
}

export interface SendOutcome {
  ok: boolean;
  responseCode?: number;
  error?: string;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Dataplat-Notifications/1.0';

/** Sends one delivery through its channel: WEBHOOK and CHAT over signed HTTP POST, EMAIL through the transport. */
export class ChannelSenders {
  constructor(
    private readonly email: EmailTransport,
    private readonly from: string,
  ) {}

  async send(deliveryId: string, attempt: number, target: DeliveryTarget, payload: DeliveryPayload): Promise<SendOutcome> {
    switch (target.kind) {
      case 'WEBHOOK':
        return this.post(deliveryId, attempt, target, payload.type, JSON.stringify(payload));
      case 'CHAT':
        return this.post(deliveryId, attempt, target, payload.type, JSON.stringify({ text: chatText(payload) }));
      case 'EMAIL':
        await this.email.send({ from: this.from, to: target.recipients.join(', '), subject: `[${payload.notification.severity}] ${payload.notification.title}`, text: emailText(payload) }, `ntf-${deliveryId}`);
        return { ok: true };
      default:
        return { ok: false, error: `unknown channel kind ${target.kind}` };
    }
  }

  /**
   * A message another service queued in the platform outbox (`event.type` is its template):
   * WEBHOOK posts the event, CHAT its subject and body as text, each signed with the channel's
   * secret; EMAIL sends subject and body as they were written.
   */
  async sendOutboxEvent(deliveryId: string, attempt: number, target: DeliveryTarget, event: OutboxEvent): Promise<SendOutcome> {
    switch (target.kind) {
      case 'WEBHOOK':
        return this.post(deliveryId, attempt, target, event.type, JSON.stringify(event));
      case 'CHAT':
        return this.post(deliveryId, attempt, target, event.type, JSON.stringify({ text: [`*${event.subject}*`, event.body].filter(Boolean).join('\n') }));
      case 'EMAIL':
        await this.email.send({ from: this.from, to: target.recipients.join(', '), subject: event.subject, text: event.body }, deliveryId);
        return { ok: true };
      default:
        return { ok: false, error: `unknown channel kind ${target.kind}` };
    }
  }

  /** A signed POST; any 2xx is success, anything else (redirects included) a failure to retry. */
  private async post(deliveryId: string, attempt: number, target: DeliveryTarget, eventType: string, body: string): Promise<SendOutcome> {
    if (!target.url || !target.secret) return { ok: false, error: 'channel has no URL or signing secret' };
    const res = await fetch(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-dataplat-event': eventType,
        'x-dataplat-delivery': deliveryId,
        'x-dataplat-attempt': String(attempt),
        [SIGNATURE_HEADER.toLowerCase()]: signWebhook(target.secret, body),
      },
      body,
    });
    await res.body?.cancel().catch(() => undefined);
    return res.ok ? { ok: true, responseCode: res.status } : { ok: false, responseCode: res.status, error: `HTTP ${res.status}` };
  }
}

/** Chat message text: Slack, Mattermost and Teams incoming webhooks all read a `text` field. */
export function chatText(p: DeliveryPayload): string {
  const n = p.notification;
  return [`*[${n.severity}] ${n.title}*`, n.body, n.link].filter(Boolean).join('\n');
}

function emailText(p: DeliveryPayload): string {
  const n = p.notification;
  return [n.body, n.link ? `\n${n.link}` : '', `\n-- \n${n.category} · ${n.createdAt}`].join('\n');
}
