import { Form } from 'antd';
import { createInstance } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ListFilterBar, type ListFilterBarProps } from '../src/components/admin/ListFilterBar';
import common from '../src/locales/en-US/common';

interface Values {
  keyword?: string;
  state?: string;
  mode?: string;
}

const i18n = createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: { common } } },
    interpolation: { escapeValue: false },
  });
});

/** The bar as HTML (server rendering, so no browser is needed), on a form of its own. */
function render(props: Omit<ListFilterBarProps<Values>, 'table'>, children?: ReactNode): string {
  function Bar() {
    const [form] = Form.useForm<Values>();
    const table = { form, search: () => undefined, reset: () => undefined };
    return createElement(ListFilterBar<Values>, { ...props, table }, children);
  }
  return renderToString(createElement(I18nextProvider, { i18n }, createElement(Bar)));
}

/** The opening tag of the element with `attribute="value"`. */
const tagWith = (html: string, attribute: string, value: string) =>
  new RegExp(`<[a-z]+[^>]*\\b${attribute}="${value}"[^>]*>`).exec(html)?.[0];

describe('ListFilterBar', () => {
  it('renders a keyword field labelled Keyword, with the form name in its id, a hint, a limit and a test id', () => {
    const html = render({
      name: 'thingSearch',
      keyword: { placeholder: 'Name or code', testId: 'thing-search-keyword' },
    });
    expect(html).toMatch(/<form[^>]*id="thingSearch"/);
    expect(html).toMatch(/<label[^>]*for="thingSearch_keyword"[^>]*>Keyword<\/label>/);
    const input = tagWith(html, 'id', 'thingSearch_keyword');
    expect(input).toContain('placeholder="Name or code"');
    expect(input).toContain('maxLength="100"');
    expect(input).toContain('data-testid="thing-search-keyword"');
  });

  it('takes a longer keyword when told, and leaves the keyword out when it has none', () => {
    expect(
      tagWith(render({ name: 's', keyword: { placeholder: 'x', maxLength: 200 } }), 'id', 's_keyword'),
    ).toContain('maxLength="200"');
    const none = render({ name: 's', selects: [] });
    expect(none).not.toContain('s_keyword');
    expect(none).not.toContain('Keyword');
  });

  it('renders each select with its label, width, placeholder and test id', () => {
    const html = render({
      name: 'thingSearch',
      selects: [
        {
          name: 'state',
          label: 'State',
          width: 160,
          placeholder: 'All',
          options: [{ value: 'on', label: 'On' }],
          testId: 'thing-search-state',
        },
        { name: 'mode', label: 'Mode', width: 120, options: [] },
      ],
    });
    expect(html).toMatch(/<label[^>]*for="thingSearch_state"[^>]*>State<\/label>/);
    expect(html).toMatch(/<label[^>]*for="thingSearch_mode"[^>]*>Mode<\/label>/);
    expect(html).toMatch(/data-testid="thing-search-state"/);
    expect(html).toMatch(/style="width:160px"/);
    expect(html).toMatch(/style="width:120px"/);
    expect(html).toContain('>All<');
    expect(html.indexOf('thingSearch_state')).toBeLessThan(html.indexOf('thingSearch_mode'));
  });

  it('puts further fields after the selects, then Search (submitting the form, so Enter searches) and Reset', () => {
    const html = render(
      {
        name: 'thingSearch',
        keyword: { placeholder: 'x' },
        selects: [{ name: 'state', label: 'State', width: 100, options: [] }],
        searchTestId: 'thing-search',
      },
      createElement('span', { id: 'extra-field' }),
    );
    const search = tagWith(html, 'data-testid', 'thing-search');
    expect(search).toMatch(/^<button/);
    expect(search).toContain('type="submit"');
    expect(html).toContain('>Search<');
    expect(html).toContain('>Reset<');
    const order = ['thingSearch_keyword', 'thingSearch_state', 'extra-field', 'thing-search"'].map((s) =>
      html.indexOf(s),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBeGreaterThan(-1);
    // One form holds the fields and the Search button: Enter in a field submits it.
    expect(html.match(/<form/g)).toHaveLength(1);
    expect(html.indexOf('</form>')).toBeGreaterThan(html.indexOf('thing-search"'));
  });
});
