/** Whether something has been open at least once: a drawer's code can load on its first opening and stay. */
import { useState } from 'react';

/** True from the first render in which `open` is true on (so a closing drawer keeps its animation). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
