import type { Locator } from 'playwright-core';

/** A menu entry's name, without the count of items waiting there (the review pages' badges). */
export const menuLabel = (item: Locator): Promise<string> =>
  item.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('.ant-badge').forEach((badge) => badge.remove());
    return (copy.textContent ?? '').trim();
  });
