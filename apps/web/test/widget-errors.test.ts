import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import widgets from '../src/pages/widgets/locales/en-US';
import { widgetErrorText } from '../src/pages/widgets/widget-errors';
import { RequestError } from '../src/services/request';

/** A refused call as the server answers it: status, message and the extra `jsonObject` fields. */
const refusal = (status: number, msg: string, jsonObject: Record<string, unknown>) =>
  new RequestError(msg, {
    code: status,
    status,
    kind: 'http',
    envelope: { code: status, msg, data: null, jsonObject },
  });

describe('widget call errors', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { widgets } } });
  });

  it('names the programs that still use a widget or a data source', () => {
    const inUse = refusal(409, 'Used by programs: Lobby', {
      reason: 'widgetInUse',
      programs: [
        { id: 1, name: 'Lobby' },
        { id: 2, name: 'Bar' },
      ],
    });
    expect(widgetErrorText(inUse)).toBe('Programs still use it: Lobby, Bar');
    const shown = refusal(409, 'Shown by programs', {
      reason: 'dataSourceInUse',
      programs: [{ id: 3, name: 'News' }],
    });
    expect(widgetErrorText(shown)).toBe('Data widgets of these programs show it: News');
  });

  it('gives the server’s detail of a refused package or address without the field name', () => {
    const bad = refusal(400, 'materialId: the package has no widget.json beside index.html', {
      reason: 'badWidgetPackage',
      fields: { materialId: 'x' },
    });
    expect(widgetErrorText(bad)).toBe(
      'The package was refused: the package has no widget.json beside index.html',
    );
    const url = refusal(400, 'url: names 127.0.0.1, a non-public address', { reason: 'unsafeUrl' });
    expect(widgetErrorText(url)).toBe(
      'This address may not be fetched: names 127.0.0.1, a non-public address',
    );
  });

  it('translates simple reasons, and otherwise shows the server’s message', () => {
    expect(widgetErrorText(refusal(403, 'Request denied', { reason: 'platformOnly' }))).toBe(
      'Only platform users may change the store',
    );
    expect(widgetErrorText(refusal(409, 'name taken', { reason: 'nameTaken' }))).toBe(
      'Another data source of your catalogue has this name',
    );
    expect(widgetErrorText(refusal(400, 'intervalSeconds must be >= 60', {}))).toBe(
      'intervalSeconds must be >= 60',
    );
  });
});
