import { describe, expect, it } from 'vitest';
import {
  COMMAND_PARAMS,
  emptyStrategyDocument,
  strategyProblem,
  type StrategyDocument,
} from '../src/index.js';
import { Value } from 'typebox/value';

const doc = (fields: Partial<StrategyDocument> = {}): StrategyDocument => ({
  ...emptyStrategyDocument(),
  ...fields,
});

describe('strategyProblem: a strategy document checked alike by console, server and player', () => {
  it('accepts an empty document and a full one', () => {
    expect(strategyProblem(doc())).toBeNull();
    expect(
      strategyProblem(
        doc({
          power: [{ weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '22:00' }],
          volume: [
            { from: '08:00', to: '12:00', volume: 30 },
            { from: '12:00', to: '08:00', volume: 60 },
          ],
          brightness: [{ from: '19:00', to: '07:00', brightness: 40 }],
          downloadWindows: [{ from: '01:00', to: '05:00' }],
          screenshotIntervalMinutes: 15,
          rebootTime: '04:30',
        }),
      ),
    ).toBeNull();
  });

  it.each([
    [{ rebootTime: '24:00' }, 'document.rebootTime'],
    [{ rebootTime: '4:30' }, 'document.rebootTime'],
    [{ screenshotIntervalMinutes: -1 }, 'document.screenshotIntervalMinutes'],
    [{ screenshotIntervalMinutes: 1441 }, 'document.screenshotIntervalMinutes'],
    [{ screenshotIntervalMinutes: 1.5 }, 'document.screenshotIntervalMinutes'],
    [{ volume: [{ from: '08:00', to: '09:00', volume: 101 }] }, 'document.volume.0.volume'],
    [{ volume: [{ from: '08:00', to: '9', volume: 1 }] }, 'document.volume.0.to'],
    [{ brightness: [{ from: '08:00', to: '09:00', brightness: -5 }] }, 'document.brightness.0.brightness'],
    [{ power: [{ weekdays: [7], on: '08:00', off: '09:00' }] }, 'document.power.0.weekdays.0'],
    [{ power: [{ weekdays: [], on: '08:00', off: '09:00' }] }, 'document.power.0.weekdays'],
    [{ downloadWindows: [{ from: 'noon', to: '13:00' }] }, 'document.downloadWindows.0.from'],
  ] as [Partial<StrategyDocument>, string][])('names the bad field %j → %s', (fields, field) => {
    expect(strategyProblem(doc(fields))?.field).toBe(field);
  });

  it('names a missing policy and refuses unknown ones', () => {
    const { rebootTime: _, ...missing } = doc();
    expect(strategyProblem(missing)?.field).toBe('document.rebootTime');
    const extra = strategyProblem({ ...doc(), colour: 'red' });
    expect(extra?.field).toBe('document.colour');
    expect(strategyProblem(null)?.field).toBe('document');
    expect(strategyProblem('x', 'value')?.field).toBe('value');
  });

  it('refuses a weekday named twice in a power rule', () => {
    expect(strategyProblem(doc({ power: [{ weekdays: [1, 1], on: '08:00', off: '09:00' }] }))).toEqual({
      field: 'document.power.0.weekdays',
      message: 'document.power.0.weekdays names a weekday twice',
    });
  });

  it('refuses overlapping volume or brightness rules (also across midnight), allows touching ones', () => {
    expect(
      strategyProblem(
        doc({
          volume: [
            { from: '08:00', to: '12:00', volume: 30 },
            { from: '11:59', to: '13:00', volume: 60 },
          ],
        }),
      )?.field,
    ).toBe('document.volume.1.from');
    expect(
      strategyProblem(
        doc({
          brightness: [
            { from: '22:00', to: '06:00', brightness: 30 },
            { from: '05:00', to: '07:00', brightness: 60 },
          ],
        }),
      )?.field,
    ).toBe('document.brightness.1.from');
    expect(
      strategyProblem(
        doc({
          volume: [
            { from: '22:00', to: '06:00', volume: 30 },
            { from: '06:00', to: '22:00', volume: 60 },
          ],
        }),
      ),
    ).toBeNull();
  });

  it('the applyStrategy command carries a strategy or null', () => {
    const schema = COMMAND_PARAMS.applyStrategy;
    expect(Value.Check(schema, { strategy: null })).toBe(true);
    expect(Value.Check(schema, { strategy: { id: 1, name: 'Night', revision: 2, document: doc() } })).toBe(
      true,
    );
    expect(Value.Check(schema, { strategy: { id: 1, name: 'Night', revision: 2, document: {} } })).toBe(
      false,
    );
  });
});
