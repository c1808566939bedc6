import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchChromium } from '../../../../e2e/support/chromium.js';
import type { PlayEvent, ProgramDocument } from '@apm/contract';
import type { PreviewState, Renderer, RendererOptions } from '../../src/index.js';
import { startFixture, type Fixture } from './fixtures.js';

/** What the harness page exposes as `window.apm`. */
export interface Apm {
  renderer: Renderer;
  events: PlayEvent[];
  mediaErrors: string[];
  exits: number;
  cycles: number;
  weatherCalls: string[];
  shown: string[];
  mount(p: ProgramDocument, extra?: Partial<RendererOptions>): PreviewState;
}

/** One Chromium and fixture server per test file, a fresh page per test. */
export function useBrowser() {
  const s = {} as { browser: Browser; page: Page; fixture: Fixture };
  beforeAll(async () => {
    s.fixture = await startFixture();
    s.browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await s.browser?.close();
    await s.fixture?.close();
  });
  beforeEach(async () => {
    s.page = await s.browser.newPage({ viewport: { width: 1200, height: 800 } });
    await s.page.goto(s.fixture.url);
    await s.page.waitForFunction(() => 'apm' in window);
    return () => s.page.close();
  });
  return {
    get page() {
      return s.page;
    },
    get fixture() {
      return s.fixture;
    },
    mount: (p: ProgramDocument, extra: Partial<RendererOptions> = {}) =>
      s.page.evaluate(([doc, opts]) => (window as unknown as { apm: Apm }).apm.mount(doc, opts), [
        p,
        extra,
      ] as const),
    state: () => s.page.evaluate(() => (window as unknown as { apm: Apm }).apm.renderer.getState()),
  };
}
