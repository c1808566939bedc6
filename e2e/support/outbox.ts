import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The latest six-digit code the server's outbox notifier wrote to `<dataDir>/outbox/email` for
 * `to` at or after `after` (ms); waits up to 5 s for it.
 */
export async function codeFromOutbox(dataDir: string, to: string, after = 0): Promise<string> {
  const dir = path.join(dataDir, 'outbox', 'email');
  for (let i = 0; i < 50; i++) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      // Nothing written yet.
    }
    const mails = names
      .flatMap((n) => {
        try {
          return [
            JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as { to: string; text: string; at: string },
          ];
        } catch {
          return []; // Still being written.
        }
      })
      .filter((m) => m.to === to && Date.parse(m.at) >= after)
      .sort((a, b) => a.at.localeCompare(b.at));
    const code = mails.at(-1)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code was mailed to ${to}`);
}
