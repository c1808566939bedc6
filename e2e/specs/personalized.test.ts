import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiCall, apiSignIn, createUserWithRole } from '../support/api.js';
import { collectErrors } from '../support/session.js';
import { adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

const PASSWORD = 'Cust#2026pass';

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', title: 'Personalized interface', active: 'Customization switched on' },
  {
    cookie: 'CN',
    title: '个性化界面',
    active: '定制已开通',
    saved: '已保存',
    addLink: '添加页脚链接',
    incomplete: '每个链接需要文字和地址',
    badUrl: '必须是 http(s) 地址',
  },
] as const;

interface Personalized {
  officeId: number;
  enabled: boolean;
  config: { title?: string; copyRight?: string; linkList?: { name: string; link: string }[] };
}

describe('personalized interface: a customer administrator edits its own brand', () => {
  let rootId: number;
  const suite = adminSuite({
    seed: async (s) => {
      rootId = (await s.api<{ id: number }[]>('/a/api/office/treeDataNew'))[0]!.id;
    },
  });

  /** As the platform administrator: a customer with customization on and a domain, and its administrator. */
  async function customerWithAdmin(lang: string) {
    const { id } = await suite.api<{ id: number }>('/a/api/customer/save', {
      parentId: rootId,
      name: `Personal customer ${lang}`,
      storageQuotaMb: 512,
      terminalQuota: 5,
    });
    await suite.api('/a/api/customer/saveBrand', {
      id,
      enabled: true,
      config: { title: `Before ${lang}` },
    });
    const host = `personal-${lang.toLowerCase()}.localhost`;
    await suite.api('/a/api/customer/saveDomainName', { id, domainName: host });
    const user = `brandkeeper${lang.toLowerCase()}`;
    await createUserWithRole(suite.server.url, suite.cookie, {
      roleName: `Brand keeper ${lang}`,
      grants: 'home:view,sys:view,sys:personalized:view,sys:personalized:edit',
      loginName: user,
      name: `Brand Keeper ${lang}`,
      password: PASSWORD,
      officeId: id,
    });
    return { id, host, user };
  }

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', async () => {
    const customer = await customerWithAdmin(english.cookie);
    await expectPageInLanguage(suite, {
      language: english.cookie,
      account: { user: customer.user, password: PASSWORD },
      path: '/sys/personalized',
      waitFor: '[data-testid=brand-form-title]',
      texts: [english.title, english.active],
    });
  });

  it(`changes the title and footer links, seen on the sign-in page of its domain (${lang.cookie})`, async () => {
    const customer = await customerWithAdmin(lang.cookie);
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      account: { user: customer.user, password: PASSWORD },
    });
    const mine = await apiSignIn(suite.server.url, customer.user, PASSWORD);
    const own = () => apiCall<Personalized>(suite.server.url, mine, '/a/api/customer/personalized');
    expect((await own()).officeId).toBe(customer.id);

    await page.goto(`${suite.server.url}/sys/personalized`);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    await page.waitForSelector(`.ant-tag:has-text("${lang.active}")`);
    await page.waitForSelector(`[data-testid=brand-preview-title]:has-text("Before ${lang.cookie}")`);

    const title = `Own brand ${lang.cookie}`;
    await page.fill('[data-testid=brand-form-title]', title);
    await page.fill('[data-testid=brand-copyright]', `© Own ${lang.cookie}`);
    await page.click('[data-testid=brand-links-add]');
    // Half a link and a bad address are refused on the form, naming the problem.
    await page.fill('[data-testid=brand-links-name-0]', `Support ${lang.cookie}`);
    await page.click('[data-testid=personalized-save]');
    await page.waitForSelector(`.ant-form-item-explain-error:has-text("${lang.incomplete}")`);
    await page.fill('[data-testid=brand-links-link-0]', 'javascript:alert(1)');
    await page.click('[data-testid=personalized-save]');
    await page.waitForSelector(`.ant-form-item-explain-error:has-text("${lang.badUrl}")`);
    expect((await own()).config.title).toBe(`Before ${lang.cookie}`);

    await page.fill('[data-testid=brand-links-link-0]', 'https://support.example.test/');
    await page.click('[data-testid=brand-links-add]');
    await page.fill('[data-testid=brand-links-name-1]', 'Imprint');
    await page.fill('[data-testid=brand-links-link-1]', '/imprint');
    await page.waitForSelector(`[data-testid=brand-preview-title]:has-text("${title}")`);
    await page.waitForSelector(`[data-testid=brand-preview-links]:has-text("Support ${lang.cookie}")`);
    await page.click('[data-testid=personalized-save]');
    await expectMessage(page, lang.saved);
    expect((await own()).config).toMatchObject({
      title,
      copyRight: `© Own ${lang.cookie}`,
      linkList: [
        { name: `Support ${lang.cookie}`, link: 'https://support.example.test/' },
        { name: 'Imprint', link: '/imprint' },
      ],
    });

    // Reloaded, the page shows what was stored.
    await page.reload();
    await page.waitForSelector('[data-testid=brand-links-name-1]');
    expect(await page.inputValue('[data-testid=brand-form-title]')).toBe(title);
    expect(await page.inputValue('[data-testid=brand-links-link-0]')).toBe('https://support.example.test/');

    // The sign-in page on the customer's domain shows the new title, copyright and footer links.
    const port = new URL(suite.server.url).port;
    const login = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const loginErrors = collectErrors(login);
    await login.goto(`http://${customer.host}:${port}/login`);
    await login.waitForFunction(
      (t) => document.querySelector('[data-testid=brand-title]')?.textContent === t,
      title,
    );
    const footer = login.locator('[data-testid=page-footer]');
    await footer.locator(`a:has-text("Support ${lang.cookie}")`).waitFor();
    expect(await footer.locator(`a:has-text("Support ${lang.cookie}")`).getAttribute('href')).toBe(
      'https://support.example.test/',
    );
    expect(await footer.locator('a:has-text("Imprint")').getAttribute('href')).toBe('/imprint');
    expect(await footer.textContent()).toContain(`© Own ${lang.cookie}`);
    // The platform's own address keeps the platform's brand.
    await login.goto(`${suite.server.url}/login`);
    await login.waitForSelector('[data-testid=brand-title]');
    expect(await login.textContent('[data-testid=brand-title]')).not.toBe(title);
    await login.close();

    expect(errors).toEqual([]);
    expect(loginErrors).toEqual([]);
    await context.close();
  });
});
