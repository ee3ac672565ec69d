import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Email {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Delivers an e-mail or throws (the dispatcher retries with backoff). */
export interface EmailTransport {
  readonly name: string;
  send(email: Email, id: string): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export class SmtpTransport implements EmailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(email: Email): Promise<void> {
    await this.transporter.sendMail(email);
  }
}

/**
 * The embedded default: each e-mail is rendered as a standard RFC 5322 message (.eml) into a
 * local mail directory, where any mail client can open it. Real delivery, local target.
 */
export class MailDirectoryTransport implements EmailTransport {
  readonly name = 'maildir';
  private readonly transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  async send(email: Email, id: string): Promise<void> {
    const info = await this.transporter.sendMail(email);
    await writeFile(join(this.dir, `${Date.now()}-${id}.eml`), info.message as Buffer, { mode: 0o600 });
  }
}

export function emailTransportFrom(config: { SMTP_URL?: string; DATA_DIR: string }): EmailTransport {
  return config.SMTP_URL ? new SmtpTransport(config.SMTP_URL) : new MailDirectoryTransport(join(config.DATA_DIR, 'mail'));
}
