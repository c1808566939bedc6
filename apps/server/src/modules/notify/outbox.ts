import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

/** A message to a person: an e-mail or a text. */
export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail and SMS. */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

/** Writes each message as a JSON file into `<dataDir>/outbox/<channel>/` (no SMTP or SMS provider set). */
export class OutboxNotifier implements Notifier {
  constructor(private readonly dir: string) {}

  async send(message: OutgoingMessage): Promise<void> {
    const dir = path.join(this.dir, message.channel);
    await mkdir(dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`;
    await writeFile(
      path.join(dir, name),
      JSON.stringify({ ...message, at: new Date().toISOString() }, null, 2),
    );
  }
}

/** Sends e-mail through SMTP and hands SMS to another notifier (the outbox until a provider is configured). */
export class SmtpNotifier implements Notifier {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly sms: Notifier,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel === 'sms') return this.sms.send(message);
    // nodemailer is loaded on the first e-mail, not at start-up.
    this.transport ??= import('nodemailer').then((m) => m.default.createTransport(this.smtpUrl));
    await (
      await this.transport
    ).sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }
}
