/** Device mode (spec section 4): mobile below 768 px, tracked on resize with a 200 ms debounce. */
import { useEffect, useState } from 'react';
import { debounce } from '../../utils/debounce';

/** Width below which the console is in mobile mode. */
export const MOBILE_BREAKPOINT = 768;
/** Resize debounce (spec section 9). */
export const RESIZE_DEBOUNCE_MS = 200;

/** Device mode. */
export type DeviceMode = 'mobile' | 'desktop';

const modeOf = (width: number): DeviceMode => (width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

/** The current device mode, updated 200 ms after the window stops resizing. */
export function useDeviceMode(): DeviceMode {
  const [mode, setMode] = useState<DeviceMode>(() => modeOf(window.innerWidth));
  useEffect(() => {
    const onResize = debounce(() => setMode(modeOf(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, []);
  return mode;
}
