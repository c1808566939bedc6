import { emptyStrategyDocument, type StrategyDetail } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { documentOf, formFieldOf, formProblem, formValuesOf } from '../src/pages/strategies/strategy-form';

const detail = (document = emptyStrategyDocument()): StrategyDetail => ({
  id: 1,
  name: 'Shop',
  description: 'Hours',
  officeId: 1,
  officeName: 'HQ',
  revision: 2,
  terminalCount: 0,
  pendingCount: 0,
  creatorName: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  document,
});

describe('strategy form values', () => {
  it('round-trips a document through the form', () => {
    const document = {
      power: [{ weekdays: [1, 5], on: '08:00', off: '20:00' }],
      volume: [{ from: '09:00', to: '18:00', volume: 0 }],
      brightness: [{ from: '19:00', to: '07:00', brightness: 40 }],
      downloadWindows: [{ from: '01:00', to: '05:00' }],
      screenshotIntervalMinutes: 15,
      rebootTime: '04:00',
    };
    expect(documentOf(formValuesOf(detail(document)))).toEqual(document);
    expect(formValuesOf(null)).toMatchObject({ name: '', rebootTime: '', screenshotIntervalMinutes: 0 });
  });

  it('reads empty fields as none, trims times and sorts weekdays', () => {
    const doc = documentOf({
      name: 'x',
      power: [{ weekdays: [5, 1], on: ' 08:00 ', off: '20:00' }],
      volume: [],
      brightness: [],
      downloadWindows: [],
      screenshotIntervalMinutes: null,
      rebootTime: '  ',
    });
    expect(doc).toMatchObject({
      power: [{ weekdays: [1, 5], on: '08:00' }],
      screenshotIntervalMinutes: 0,
      rebootTime: null,
    });
  });

  it('maps the contract’s field names to form fields', () => {
    expect(formFieldOf('document.volume.1.from')).toEqual(['volume', 1, 'from']);
    expect(formFieldOf('document.power.0.weekdays.3')).toEqual(['power', 0, 'weekdays']);
    expect(formFieldOf('document.rebootTime')).toEqual(['rebootTime']);
    expect(formFieldOf('name')).toEqual(['name']);
    expect(formFieldOf('baseRevision')).toBeNull();
    expect(formFieldOf('document')).toBeNull();
  });

  it('names the field of the first problem, as the server would', () => {
    const values = formValuesOf(null);
    values.brightness = [
      { from: '08:00', to: '12:00', brightness: 50 },
      { from: '11:00', to: '13:00', brightness: 60 },
    ];
    expect(formProblem(values)).toMatchObject({
      field: 'document.brightness.1.from',
      path: ['brightness', 1, 'from'],
    });
    values.brightness = [{ from: '08:00', to: '12:00', brightness: null }];
    expect(formProblem(values)?.path).toEqual(['brightness', 0, 'brightness']);
    values.brightness = [];
    expect(formProblem(values)).toBeNull();
  });
});
