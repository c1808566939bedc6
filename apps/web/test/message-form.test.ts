import { defaultMessageDocument } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  cleanDocument,
  documentProblem,
  fieldPath,
  formValuesOf,
  previewDocumentOf,
  sameMessage,
  saveBodyOf,
  targetCount,
  withKind,
} from '../src/pages/messages/message-form';

describe('message production form', () => {
  it('opens a new message as a bottom ticker without targets', () => {
    const values = formValuesOf(null);
    expect(values.name).toBe('');
    expect(values.document.kind).toBe('ticker');
    expect(values.document.ticker?.position).toBe('bottom');
    expect(targetCount(values.targets)).toBe(0);
  });

  it('changes kind: the new kind gets its defaults, the old part and a ticker-only repeat go', () => {
    const ticker = { ...defaultMessageDocument('ticker'), text: 'Fire drill at 3', repeat: 3 };
    const takeover = withKind(ticker, 'takeover');
    expect(takeover.kind).toBe('takeover');
    expect(takeover.ticker).toBeUndefined();
    expect(takeover.takeover).toEqual({ programId: null, align: 'center' });
    expect(takeover.repeat).toBeNull();
    expect(takeover.text).toBe('Fire drill at 3');
    expect(withKind(ticker, 'ticker')).toBe(ticker);
  });

  it('cleans a document for saving: other kinds’ parts and a non-custom offset are dropped', () => {
    const doc = {
      ...defaultMessageDocument('ticker'),
      text: 'x',
      ticker: { position: 'top' as const, speed: 100, direction: 'left' as const, offsetPercent: 40 },
      notice: defaultMessageDocument('notice').notice,
    };
    const clean = cleanDocument(doc);
    expect(clean.notice).toBeUndefined();
    expect(clean.ticker).toEqual({ position: 'top', speed: 100, direction: 'left' });
    const custom = cleanDocument({
      ...doc,
      ticker: { ...doc.ticker, position: 'custom', offsetPercent: 40 },
    });
    expect(custom.ticker?.offsetPercent).toBe(40);
  });

  it('builds the save body with the id and the revision the form opened', () => {
    const values = { ...formValuesOf(null), name: '  Lobby ticker ' };
    values.document = { ...values.document, text: 'Welcome' };
    expect(saveBodyOf(values, null, undefined)).not.toHaveProperty('id');
    const body = saveBodyOf(values, 7, 3);
    expect(body).toMatchObject({ id: 7, name: 'Lobby ticker', baseRevision: 3 });
    expect(body.targets).toEqual({ terminalIds: [], groupIds: [], officeIds: [] });
  });

  it('tells unsaved changes from the same message', () => {
    const a = formValuesOf(null);
    expect(sameMessage(a, { ...a, name: ' ' })).toBe(true);
    expect(sameMessage(a, { ...a, document: { ...a.document, text: 'new' } })).toBe(false);
  });

  it('previews a half-typed document with the kind’s defaults in the empty fields', () => {
    const doc = defaultMessageDocument('notice');
    const typed = {
      ...doc,
      font: { ...doc.font, size: null as unknown as number },
      notice: { ...doc.notice!, width: null as unknown as number },
      windows: [{ start: '08:00', end: undefined as unknown as string }],
    };
    const preview = previewDocumentOf(typed);
    expect(preview.font.size).toBe(40);
    expect(preview.notice?.width).toBe(50);
    expect(preview.windows).toEqual([]);
    expect(previewDocumentOf(undefined).kind).toBe('ticker');
  });

  it('turns server field names into form name paths', () => {
    expect(fieldPath('document.ticker.speed')).toEqual(['document', 'ticker', 'speed']);
    expect(fieldPath('document.windows[1].end')).toEqual(['document', 'windows', 1, 'end']);
    expect(fieldPath('name')).toEqual(['name']);
  });

  it('names the field of a document problem', () => {
    const empty = defaultMessageDocument('ticker');
    expect(documentProblem(empty)).toEqual({ field: 'document.text', key: 'textRequired' });
    const backwards = {
      ...empty,
      text: 'x',
      validFrom: '2026-12-01T10:00:00.000Z',
      validUntil: '2026-12-01T09:00:00.000Z',
    };
    expect(documentProblem(backwards)).toEqual({ field: 'document.validUntil', key: 'untilAfterFrom' });
    expect(documentProblem({ ...empty, text: 'ok' })).toBeNull();
  });
});
