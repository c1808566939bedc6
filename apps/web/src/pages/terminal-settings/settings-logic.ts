/** Pure helpers of the terminal settings page. */
import type { SettingDelivery, TerminalSettingsState } from '../../services/terminal-info';

/** How a setting push stands on one terminal: not sent, pending (queued or sent), applied, failed. */
export type PushState = 'none' | 'pending' | 'applied' | 'failed';

/** The push state of a delivery. */
export function pushStateOf(delivery: SettingDelivery | undefined): PushState {
  if (!delivery) return 'none';
  if (delivery.state === 'queued' || delivery.state === 'sent') return 'pending';
  return delivery.state === 'acked' ? 'applied' : 'failed';
}

/** Whether any terminal still waits to confirm a push (the page polls meanwhile). */
export function anyPending(terminals: readonly TerminalSettingsState[]): boolean {
  return terminals.some((x) => Object.values(x.deliveries).some((d) => pushStateOf(d) === 'pending'));
}

/** The settings a terminal said it cannot apply (the ack's `unsupported`). */
export function unsupportedOf(delivery: SettingDelivery | undefined): string[] {
  const list = delivery?.result?.unsupported;
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** `HH:mm` of a time picker value's hour and minute. */
export const hhmm = (hour: number, minute: number): string =>
  `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
