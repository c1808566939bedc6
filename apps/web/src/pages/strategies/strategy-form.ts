/** The strategy form's values and their conversion to and from the contract's document. Pure. */
import {
  emptyStrategyDocument,
  strategyProblem,
  type StrategyDetail,
  type StrategyDocument,
  type StrategyProblem,
} from '@apm/contract';

/** What the strategy form holds: name, description and the policies (optional where a field may be empty). */
export interface StrategyFormValues {
  name: string;
  description?: string;
  power: { weekdays?: number[]; on?: string; off?: string }[];
  volume: { from?: string; to?: string; volume?: number | null }[];
  brightness: { from?: string; to?: string; brightness?: number | null }[];
  downloadWindows: { from?: string; to?: string }[];
  screenshotIntervalMinutes?: number | null;
  rebootTime?: string;
}

/** The form's starting values: a strategy's, or an empty one. */
export function formValuesOf(strategy: StrategyDetail | null): StrategyFormValues {
  const doc = strategy?.document ?? emptyStrategyDocument();
  return {
    name: strategy?.name ?? '',
    description: strategy?.description ?? '',
    power: doc.power.map((r) => ({ ...r, weekdays: [...r.weekdays] })),
    volume: doc.volume.map((r) => ({ ...r })),
    brightness: doc.brightness.map((r) => ({ ...r })),
    downloadWindows: doc.downloadWindows.map((r) => ({ ...r })),
    screenshotIntervalMinutes: doc.screenshotIntervalMinutes,
    rebootTime: doc.rebootTime ?? '',
  };
}

const time = (value: string | undefined) => (value ?? '').trim();
const level = (value: number | null | undefined) => (typeof value === 'number' ? value : NaN);

/** The document the form describes (empty reboot time: none; empty interval: 0). */
export function documentOf(values: StrategyFormValues): StrategyDocument {
  return {
    power: (values.power ?? []).map((r) => ({
      weekdays: [...(r.weekdays ?? [])].sort((a, b) => a - b),
      on: time(r.on),
      off: time(r.off),
    })),
    volume: (values.volume ?? []).map((r) => ({
      from: time(r.from),
      to: time(r.to),
      volume: level(r.volume),
    })),
    brightness: (values.brightness ?? []).map((r) => ({
      from: time(r.from),
      to: time(r.to),
      brightness: level(r.brightness),
    })),
    downloadWindows: (values.downloadWindows ?? []).map((r) => ({ from: time(r.from), to: time(r.to) })),
    screenshotIntervalMinutes: values.screenshotIntervalMinutes ?? 0,
    rebootTime: time(values.rebootTime) || null,
  };
}

/**
 * The form field a server or contract field names: `document.volume.1.from` → `['volume', 1, 'from']`,
 * `name` → `['name']`; a field the form does not have (`baseRevision`) → null.
 */
export function formFieldOf(field: string): (string | number)[] | null {
  const parts = field
    .replace(/^document\.?/, '')
    .split('.')
    .filter(Boolean);
  if (!parts.length) return null;
  const path = parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  // A weekday's own index (`power.0.weekdays.2`) is shown on the row's weekday field.
  if (path[0] === 'power' && path[2] === 'weekdays') return path.slice(0, 3);
  const known = ['name', 'description', 'power', 'volume', 'brightness', 'downloadWindows'];
  if (known.includes(String(path[0])) || path[0] === 'screenshotIntervalMinutes' || path[0] === 'rebootTime')
    return path;
  return null;
}

/** The contract's verdict on the form's document: the first problem, with the form field it names. */
export function formProblem(
  values: StrategyFormValues,
): (StrategyProblem & { path: (string | number)[] }) | null {
  const problem = strategyProblem(documentOf(values));
  if (!problem) return null;
  return { ...problem, path: formFieldOf(problem.field) ?? ['name'] };
}
