import { describe, expect, it } from 'vitest';
import { footerLinksToSave, LINK_ADDRESS } from '../src/components/admin/FooterLinksEditor';
import { brandConfig, brandValues } from '../src/pages/customers/BrandForm';

describe('customer brand form: footer links', () => {
  it('loads stored links and saves them trimmed, dropping wholly empty rows', () => {
    const values = brandValues({ title: 'A1', linkList: [{ name: 'Help', link: '/help' }] }, true);
    expect(values.linkList).toEqual([{ name: 'Help', link: '/help' }]);
    expect(brandValues({}).linkList).toEqual([]);
    const saved = brandConfig({
      ...values,
      linkList: [
        { name: ' Support ', link: ' https://support.a1.test ' },
        { name: ' ', link: '' },
      ],
    });
    expect(saved.linkList).toEqual([{ name: 'Support', link: 'https://support.a1.test' }]);
  });

  it('keeps half-filled rows for the server to name, and accepts only http(s) or site paths', () => {
    expect(footerLinksToSave([{ name: 'Only text' }, undefined])).toEqual([{ name: 'Only text', link: '' }]);
    for (const ok of ['', '/imprint', 'https://a.test/x', 'HTTP://a.test'])
      expect(LINK_ADDRESS.test(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'a.test', 'data:text/html,x', 'https://a b'])
      expect(LINK_ADDRESS.test(bad), bad).toBe(false);
  });
});
