import type { BrowserContext, Locator, Page } from 'playwright-core';

/** A toast message the page showed (antd `message`), as recorded by {@link recordMessages}. */
interface ShownMessage {
  text: string;
  error: boolean;
}

declare global {
  interface Window {
    /** Every message the page has shown since it loaded, oldest first, not yet awaited by a test. */
    __shownMessages?: ShownMessage[];
  }
}

/**
 * Records every toast message the page (or every page of the context) shows from its next load on.
 * A message lasts three seconds: on a busy machine it can come and go before a test looks for it,
 * so tests wait on the record instead. `signIn` starts it for the signed-in page.
 */
export async function recordMessages(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    if (window.__shownMessages) return;
    const shown: { text: string; error: boolean }[] = [];
    window.__shownMessages = shown;
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const notice of Array.from(document.querySelectorAll('.ant-message-notice'))) {
        if (seen.has(notice) || !notice.textContent) continue;
        seen.add(notice);
        shown.push({ text: notice.textContent, error: !!notice.querySelector('.ant-message-error') });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * Waits until the page has shown a message containing `text` (an error message when `error`),
 * then takes it off the record, so that the same text shown again later is awaited again.
 */
export async function expectMessage(
  page: Page,
  text: string,
  options: { error?: boolean; timeout?: number } = {},
): Promise<void> {
  const wanted = { text, error: options.error ?? false };
  try {
    await page.waitForFunction(
      ({ text, error }) => {
        const shown = window.__shownMessages ?? [];
        const at = shown.findIndex((m) => m.text.includes(text) && (!error || m.error));
        if (at < 0) return false;
        shown.splice(at, 1);
        return true;
      },
      wanted,
      { timeout: options.timeout ?? 30_000 },
    );
  } catch (failure) {
    const shown = await page.evaluate(() => (window.__shownMessages ?? []).map((m) => m.text));
    throw new Error(`no message "${text}"; messages shown and not awaited: ${JSON.stringify(shown)}`, {
      cause: failure,
    });
  }
}

/** The messages shown since the page loaded and not awaited yet (for failure reports). */
export function shownMessages(page: Page): Promise<string[]> {
  return page.evaluate(() => (window.__shownMessages ?? []).map((m) => m.text));
}

/** Waits until no drop-down menu or select list is open (one that is closing counts as open). */
export async function dropdownsClosed(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-dropdown')).every(
      (menu) => menu.getClientRects().length === 0,
    ),
  );
}

/**
 * Opens a click-triggered drop-down menu and clicks one of its entries. The trigger is clicked again
 * when the menu did not open (a re-render of its row can swallow the click on a busy machine).
 */
export async function chooseFromMenu(page: Page, trigger: Locator, entry: Locator): Promise<void> {
  await dropdownsClosed(page);
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    try {
      await entry.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (failure) {
      if (attempt === 3) throw failure;
    }
  }
  await entry.click();
  await dropdownsClosed(page);
}

/**
 * Clicks the OK button of a dialog and waits until the dialog has gone, which it does once its work
 * is done (or has failed): what the page shows next belongs to that answer.
 */
export async function confirmDialog(page: Page, okSelector: string): Promise<void> {
  const ok = page.locator(okSelector);
  await ok.click();
  await ok.waitFor({ state: 'hidden', timeout: 30_000 });
}

/** Closes the open drawer with Escape and waits until it has gone (its mask would take the next click). */
export async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-drawer-open') &&
      Array.from(document.querySelectorAll('.ant-drawer-mask, .ant-drawer-content-wrapper')).every(
        (part) => part.getClientRects().length === 0,
      ),
  );
}
