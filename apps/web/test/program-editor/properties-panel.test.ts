import { WIDGET_TYPES, type ProgramDocument, type Widget } from '@apm/contract';
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
  type EditorAction,
} from '../../src/pages/program-editor/state/editor-state';
import { newProgram } from '../../src/pages/program-editor/state/widget-defaults';

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { editorPanels: english } },
    interpolation: { escapeValue: false },
  });
});

/** The panel as HTML (server rendering, so no browser is needed), with the dispatched actions collected. */
function render(doc: ProgramDocument, widget: Widget | null, selectionCount = widget ? 1 : 0) {
  const actions: EditorAction[] = [];
  const panel = createElement(PropertiesPanel, {
    document: doc,
    sceneIndex: 0,
    widget,
    selectionCount,
    dispatch: (a: EditorAction) => actions.push(a),
  });
  const html = renderToString(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(I18nextProvider, { i18n }, panel),
    ),
  );
  return { html, actions };
}

function editorWith(...actions: EditorAction[]) {
  return actions.reduce(editorReducer, openEditor(newProgram('P', 1920, 1080, 'scene-1')));
}

describe('properties panel', () => {
  it('edits the active scene when no widget is selected', () => {
    const { html } = render(documentOf(editorWith()), null);
    for (const label of [english.scene.name, english.scene.backgroundColor, english.scene.backgroundImage])
      expect(html).toContain(label);
    expect(html).toContain(english.scene.duration);
    expect(html).toContain(english.transition.name);
  });

  it.each(WIDGET_TYPES)('renders the %s widget: common fields and its own', (type) => {
    const s = editorWith({ type: 'addWidget', widgetType: type });
    const widget = activeScene(s).widgets[0]!;
    const { html, actions } = render(documentOf(s), widget);
    expect(html).toContain(english.widget.name);
    expect(html).toContain(english.widget.opacity);
    expect(html).toContain(english.widgetTypes[type]);
    expect(html).not.toContain('ant-form-item-has-error');
    expect(actions).toEqual([]);
  });

  it('shows what the type needs: a button lists the scenes as targets', () => {
    const s = editorWith(
      { type: 'addWidget', widgetType: 'button' },
      { type: 'updateProps', id: 'widget-1', props: { action: 'scene' } },
    );
    const { html } = render(documentOf(s), activeScene(s).widgets[0]!);
    expect(html).toContain(english.button.target);
    // No target chosen yet: the field shows an error (its message appears once mounted in a browser).
    expect(html).toMatch(/ant-form-item-has-error[^]*data-testid="button-target"/);
  });

  it('names a stored time zone the browser does not know', () => {
    const s = editorWith(
      { type: 'addWidget', widgetType: 'clock' },
      { type: 'updateProps', id: 'widget-1', props: { timeZone: 'Mars/Olympus' } },
    );
    const { html } = render(documentOf(s), activeScene(s).widgets[0]!);
    expect(html).toMatch(/ant-form-item-has-error[^]*data-testid="clock-time-zone"/);
    expect(html).toContain('Mars/Olympus');
  });

  it('says a locked widget keeps its geometry', () => {
    const s = editorWith({ type: 'addWidget', widgetType: 'text' }, { type: 'lockSelection', locked: true });
    const { html } = render(documentOf(s), activeScene(s).widgets[0]!);
    expect(html).toContain(english.widget.lockedNote);
  });

  it('with several widgets selected, notes it and leaves out the per-widget fields', () => {
    const s = editorWith(
      { type: 'addWidget', widgetType: 'text' },
      { type: 'addWidget', widgetType: 'image' },
      { type: 'selectAll' },
    );
    const { html } = render(documentOf(s), activeScene(s).widgets[1]!, 2);
    expect(html).toContain('2 widgets selected');
    expect(html).toContain(english.widget.lockedAll);
    expect(html).not.toContain(english.widget.opacity);
  });
});
