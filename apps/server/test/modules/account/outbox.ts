import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A message the outbox notifier wrote. */
export interface SentMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  at: string;
}

/** Every message in `<dataDir>/outbox`, oldest first. */
export function outbox(dataDir: string): SentMessage[] {
  const all: SentMessage[] = [];
  for (const channel of ['email', 'sms']) {
    const dir = path.join(dataDir, 'outbox', channel);
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      continue;
    }
    for (const n of names) all.push(JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as SentMessage);
  }
  return all.sort((a, b) => a.at.localeCompare(b.at));
}

/** The six-digit code of the latest message to `to`; throws when none went there. */
export function lastCode(dataDir: string, to: string): string {
  const mine = outbox(dataDir).filter((m) => m.to === to);
  const code = mine.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/** How many messages went to `to`. */
export const sentTo = (dataDir: string, to: string) => outbox(dataDir).filter((m) => m.to === to).length;
