import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
