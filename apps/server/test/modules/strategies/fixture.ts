import { emptyStrategyDocument, type StrategyDocument } from '@apm/contract';

/** A strategy document: nothing set, overridden by `extra`. */
export function strategyDoc(extra: Partial<StrategyDocument> = {}): StrategyDocument {
  return { ...emptyStrategyDocument(), ...extra };
}

/** A document with every policy set. */
export const FULL_DOC = strategyDoc({
  power: [{ weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '22:00' }],
  volume: [{ from: '09:00', to: '18:00', volume: 30 }],
  brightness: [{ from: '19:00', to: '07:00', brightness: 40 }],
  downloadWindows: [{ from: '01:00', to: '05:00' }],
  screenshotIntervalMinutes: 30,
  rebootTime: '04:00',
});
