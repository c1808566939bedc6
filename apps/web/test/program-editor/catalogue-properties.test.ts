import type { ProgramDocument, Widget, WidgetPalette } from '@apm/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import PropertiesPanel from '../../src/pages/program-editor/panels/PropertiesPanel';
import english from '../../src/pages/program-editor/panels/locales/en-US';
import {
  activeScene,
  documentOf,
  editorReducer,
  openEditor,
} from '../../src/pages/program-editor/state/editor-state';
import { newProgram } from '../../src/pages/program-editor/state/widget-defaults';
import { widgetKeys } from '../../src/services/widgets';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { editorPanels: english } },
    interpolation: { escapeValue: false },
  });
});

const PALETTE: WidgetPalette = {
  types: ['text', 'data'],
  dataSources: [{ id: 4, name: 'Lobby news' }],
  packages: [
    {
      key: 'pkg-9',
      kind: 'package',
      type: 'html',
      name: 'Greeter',
      enabled: true,
      packageId: 9,
      materialId: 31,
      width: 400,
      height: 200,
      fromStore: false,
      programCount: 0,
      figures: null,
      updatedAt: null,
      settings: [
        { key: 'label', type: 'string', title: 'Greeting', default: 'Hello', maxLength: 40 },
        { key: 'theme', type: 'enum', title: 'Theme', default: 'dark', options: ['dark', 'light'] },
        { key: 'loud', type: 'boolean', title: 'Loud', default: false },
      ],
    },
  ],
};

/** The panel of the only widget, as HTML, with the palette the server would answer already loaded. */
function render(widgetProps: object, type: 'html' | 'data') {
  const s = editorReducer(openEditor(newProgram('P', 1920, 1080, 'scene-1')), {
    type: 'addWidget',
    widgetType: type,
    props: widgetProps as Record<string, unknown>,
  });
  const doc: ProgramDocument = documentOf(s);
  const widget: Widget = activeScene(s).widgets[0]!;
  const client = new QueryClient();
  client.setQueryData(widgetKeys.palette, PALETTE);
  const panel = createElement(PropertiesPanel, {
    document: doc,
    sceneIndex: 0,
    widget,
    selectionCount: 1,
    dispatch: () => undefined,
  });
  return renderToString(
    createElement(QueryClientProvider, { client }, createElement(I18nextProvider, { i18n }, panel)),
  );
}

describe('custom and data widget properties', () => {
  it('generates the settings form of the package’s schema, values over defaults', () => {
    const html = render({ packageId: 9, materialId: 31, settings: { label: 'Ciao' } }, 'html');
    expect(html).toContain(english.custom.settings);
    for (const label of ['Greeting', 'Theme', 'Loud']) expect(html).toContain(label);
    expect(html).toMatch(
      /data-testid="html-setting-label"[^>]*value="Ciao"|value="Ciao"[^>]*data-testid="html-setting-label"/,
    );
    expect(html).not.toContain('html-new-version');
  });

  it('offers the package’s new zip, and says when the package is gone', () => {
    expect(render({ packageId: 9, materialId: 30, settings: {} }, 'html')).toContain('html-new-version');
    const gone = render({ packageId: 77, materialId: 30, settings: {} }, 'html');
    expect(gone).toContain('html-missing');
    expect(gone).not.toContain('html-setting-label');
  });

  it('lets a data widget choose among the tenant’s sources', () => {
    const html = render({ sourceId: 4 }, 'data');
    expect(html).toContain('Lobby news');
    expect(html).toContain(english.data.maxItems);
    expect(html).not.toContain('ant-form-item-has-error');
  });
});
