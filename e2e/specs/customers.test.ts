import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { collectErrors } from '../support/session.js';
import { adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

/** What the pages show in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', customization: 'Enable customization' },
  {
    cookie: 'CN',
    customization: '开通定制',
    domain: '创建域名',
    saved: '已保存',
    badDomain: '请输入主机名',
    agents: '代理商开通',
    agentSaved: '代理商已保存',
    platformBrand: '平台品牌在系统设置中配置。',
  },
] as const;

interface CustomerInfo {
  domainName: string | null;
  brand: { enabled: boolean; config: { title?: string; copyRight?: string } };
}

describe('enable customization and second domain names', () => {
  let rootId: number;
  const suite = adminSuite({
    seed: async (s) => {
      rootId = (await s.api<{ id: number }[]>('/a/api/office/treeDataNew'))[0]!.id;
    },
  });

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      path: '/sys/customer/toOpenPersonalPage',
      texts: [english.customization],
    }));

  it("switches a customer's brand on and gives it a domain that selects it", async () => {
    const name = `E2E customer ${lang.cookie}`;
    const { id } = await suite.api<{ id: number }>('/a/api/customer/save', {
      parentId: rootId,
      name,
      storageQuotaMb: 1024,
      terminalQuota: 10,
    });
    const info = () => suite.api<CustomerInfo>(`/a/api/customer/customerInfo?id=${id}`);

    const { context, page, errors } = await openSignedInPage(suite, { language: lang.cookie });

    // Customization: search the customer, switch its brand on, with a title and a copyright.
    await page.goto(`${suite.server.url}/sys/customer/toOpenPersonalPage`);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.customization}")`);
    await page.fill('[data-testid=customer-search-name]', name);
    await page.click('[data-testid=customer-search]');
    const row = page.locator('.ant-table-row', { hasText: name });
    await row.waitFor();
    // The search answers after the click: the other customers leave the table then.
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await row.locator('[data-testid=brand-edit]').click();
    await page.waitForSelector('[data-testid=brand-form-title]');
    const title = `Brand ${lang.cookie}`;
    await page.click('[data-testid=brand-enabled]');
    await page.fill('[data-testid=brand-form-title]', title);
    await page.fill('[data-testid=brand-copyright]', `© ${lang.cookie}`);
    await page.waitForSelector(`[data-testid=brand-preview-title]:has-text("${title}")`);
    await page.click('[data-testid=brand-save]');
    await expectMessage(page, lang.saved);
    expect((await info()).brand).toMatchObject({
      enabled: true,
      config: { title, copyRight: `© ${lang.cookie}` },
    });

    // Domain name: a bad host is refused on the form, a good one saved in lower case.
    await page.goto(`${suite.server.url}/sys/customer/doaminNameSetting`);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.domain}")`);
    await page.fill('[data-testid=customer-search-name]', name);
    await page.press('[data-testid=customer-search-name]', 'Enter');
    const domainRow = page.locator('.ant-table-row', { hasText: name });
    await domainRow.waitFor();
    await domainRow.locator('[data-testid=domain-edit]').click();
    await page.fill('[data-testid=domain-input]', 'http://bad host');
    await page.click('[data-testid=domain-save]');
    await page.waitForSelector(`.ant-form-item-explain-error:has-text("${lang.badDomain}")`);
    const host = `brand-${lang.cookie.toLowerCase()}.localhost`;
    await page.fill('[data-testid=domain-input]', host.toUpperCase());
    await page.click('[data-testid=domain-save]');
    await expectMessage(page, lang.saved);
    await page.locator('.ant-table-row', { hasText: host }).waitFor();
    expect((await info()).domainName).toBe(host);

    // The sign-in page on that host shows the customer's brand.
    const port = new URL(suite.server.url).port;
    const login = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const loginErrors = collectErrors(login);
    await login.goto(`http://${host}:${port}/login`);
    await login.waitForFunction(
      (t) => document.querySelector('[data-testid=brand-title]')?.textContent === t,
      title,
    );
    await expect(login.locator('[data-testid=register-link]').count()).resolves.toBe(0);
    await login.close();

    // Agent activation: an office becomes an agent with a capacity.
    const reseller = `E2E reseller ${lang.cookie}`;
    const { id: resellerId } = await suite.api<{ id: number }>('/a/api/office/save', {
      parentId: rootId,
      name: reseller,
    });
    await page.goto(`${suite.server.url}/sys/office/toOpenAgentOfficePage`);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.agents}")`);
    await page.fill('[data-testid=agent-search-name]', reseller);
    await page.press('[data-testid=agent-search-name]', 'Enter');
    const agentRow = page.locator('.ant-table-row', { hasText: reseller });
    await agentRow.waitFor();
    await agentRow.locator('[data-testid=agent-activate]').click();
    await page.fill('#agentCapacity_storageQuotaMb', '2048');
    await page.fill('#agentCapacity_terminalQuota', '20');
    await page.press('#agentCapacity_terminalQuota', 'Enter');
    await expectMessage(page, lang.agentSaved);
    const agent = await suite.api<{ kind: string; storageQuotaMb: number; terminalQuota: number }>(
      `/a/api/office/officeInfo?id=${resellerId}`,
    );
    expect(agent).toMatchObject({ kind: 'agent', storageQuotaMb: 2048, terminalQuota: 20 });

    // The platform administrator has no personalized interface of its own.
    await page.goto(`${suite.server.url}/sys/personalized`);
    await page.waitForSelector(`.ant-result-title:has-text("${lang.platformBrand}")`);

    expect(errors).toEqual([]);
    expect(loginErrors).toEqual([]);
    await context.close();
  });
});
