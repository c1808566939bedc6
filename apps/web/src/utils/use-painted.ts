/** Whether the page has been painted once: what the first paint does not show waits for it. */
import { useEffect, useState } from 'react';

/**
 * False in the first render, true once the browser has painted it (a task after the next animation
 * frame). Queries a page can show a moment later (badges, the capacity bar, the announcement) wait for
 * it, so that their requests do not compete with the scripts and calls the first paint needs.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
