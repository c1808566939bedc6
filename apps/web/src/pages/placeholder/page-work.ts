/** Which later work fills each placeholder page (keys of `placeholder.work.*`). */

/** Areas of later work. */
export type WorkArea =
  | 'customers'
  | 'materials'
  | 'programs'
  | 'plans'
  | 'messages'
  | 'reviews'
  | 'terminals'
  | 'widgets'
  | 'statistics'
  | 'organisation'
  | 'system'
  | 'services';

const AREAS: Record<WorkArea, readonly string[]> = {
  customers: ['customerCenter'],
  materials: ['material'],
  programs: ['programMake'],
  plans: [],
  messages: [],
  reviews: [],
  terminals: ['terminalMonitor', 'terminalSync', 'terminalDebug'],
  widgets: ['widget'],
  statistics: ['dataStatistics', 'behaviorStatistics'],
  organisation: [],
  system: ['apm'],
  services: ['purchase', 'payment'],
};

/** The work area of a menu page key; `system` for anything not listed. */
export function workAreaOf(menuKey: string): WorkArea {
  for (const [area, keys] of Object.entries(AREAS)) if (keys.includes(menuKey)) return area as WorkArea;
  return 'system';
}
