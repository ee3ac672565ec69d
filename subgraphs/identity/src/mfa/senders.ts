import type { Prisma } from '@dataplat/db';
import { enqueue } from '../notifications/outbox';

/** A one-time code to deliver, inside the transaction that stores it. */
export interface CodeMessage {
  tenantId: string;
  recipient: string;
  code: string;
  minutes: number;
  purpose: 'ENROLL' | 'LOGIN';
}

/**
 * Sends SMS. The local implementation queues an outbox row (channel SMS) in the caller's
 * transaction; a provider-backed sender (Twilio, SNS, ...) replaces it in deployment.
 */
export interface SmsSender {
  send(tx: Prisma.TransactionClient, m: CodeMessage): Promise<void>;
}

const smsText = (m: CodeMessage) =>
  `Your verification code: ${m.code}. It expires in ${m.minutes} minutes. ${m.purpose === 'LOGIN' ? 'Someone is signing in to your account.' : 'You are setting up SMS sign-in.'}`;

export class OutboxSmsSender implements SmsSender {
  async send(tx: Prisma.TransactionClient, m: CodeMessage): Promise<void> {
    await enqueue(tx, { tenantId: m.tenantId, channel: 'SMS', recipient: m.recipient, template: `identity.mfa-${m.purpose.toLowerCase()}-code`, subject: '', body: smsText(m), payload: { purpose: `MFA_${m.purpose}` } });
  }
}

/** E-mail codes go through the notification outbox like every identity e-mail. */
export async function sendEmailCode(tx: Prisma.TransactionClient, m: CodeMessage): Promise<void> {
  const action = m.purpose === 'LOGIN' ? 'Someone (hopefully you) is signing in to your account.' : 'You are setting up e-mail as a sign-in method.';
  await enqueue(tx, {
    tenantId: m.tenantId,
    channel: 'EMAIL',
    recipient: m.recipient,
    template: `identity.mfa-${m.purpose.toLowerCase()}-code`,
    subject: 'Your verification code',
    body: `Hello,\n\n${action}\n\nYour verification code: ${m.code}\n\nIt expires in ${m.minutes} minutes and works once. If this was not you, change your password.\n`,
    payload: { purpose: `MFA_${m.purpose}` },
  });
}
