import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UNUSED_BROWSER_UI } from '../support/chromium.js';
import { sharedBrowser } from '../support/shared.js';

/** The command lines of this worker's Chromium browser processes (Playwright's pipe marks them), as switches. */
function browserCommandLines(): string[][] {
  const lines: string[][] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const parent = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--remote-debugging-pipe')) lines.push(args);
    } catch {
      // The process ended while it was read.
    }
  }
  return lines;
}

describe("the tests' Chromium", () => {
  it("keeps every feature Playwright turns off, and loads no address-bar popup for a context's window", async () => {
    const browser = await sharedBrowser();
    const [args] = browserCommandLines();
    expect(args, 'the shared browser process').toBeDefined();
    // Chromium reads the last --disable-features only: ours, which must hold Playwright's (the first) too.
    const lists = args!
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const [playwrights, ours] = [lists[0]!, lists.at(-1)!];
    expect(playwrights.filter((feature) => !ours.includes(feature))).toEqual([]);
    expect(ours).toEqual(expect.arrayContaining([...UNUSED_BROWSER_UI]));

    // A Chromium that names these features otherwise would load the popups again, unseen but for the CPU.
    const context = await browser.newContext();
    await (await context.newPage()).goto('about:blank');
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    await cdp.detach();
    await context.close();
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual(
      [],
    );
    expect(targetInfos.some((target) => target.type === 'page')).toBe(true);
  });
});
