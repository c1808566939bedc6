import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { adminSuite, expectPageInLanguage, openSignedInPage } from '../support/suite.js';

const LANGUAGES = [
  { cookie: 'US', title: 'System settings' },
  { cookie: 'CN', title: '系统设置', saved: '已保存', days: 60, secretSet: '已设置' },
] as const;

interface Item {
  key: string;
  value: unknown;
  isSet?: boolean;
}

describe('system settings page', () => {
  // The settings are every user's (audit, password expiry, mail, brand): a server of its own.
  const suite = adminSuite({ ownServer: true });

  const settings = async () => suite.api<Item[]>('/a/api/sysSetting/list');
  const valueOf = async (key: string) => (await settings()).find((i) => i.key === key);

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      path: '/sys/sysSetting/list',
      waitFor: '#system-settings_auditOpen',
      texts: [english.title],
    }));

  it(`changes settings that stay changed after a reload (${lang.cookie})`, async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      path: '/sys/sysSetting/list',
    });
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    await page.waitForSelector('#system-settings_auditOpen');

    const auditBefore = (await valueOf('auditOpen'))?.value as boolean;
    await page.click('#system-settings_auditOpen');
    await page.fill('#system-settings_passwordExpiryDays', String(lang.days));
    await page.fill('#system-settings_smtpPassword', `pw-${lang.cookie}`);
    await page.click('[data-testid=settings-save]');
    await expectMessage(page, lang.saved);

    expect((await valueOf('auditOpen'))?.value).toBe(!auditBefore);
    expect((await valueOf('passwordExpiryDays'))?.value).toBe(lang.days);
    expect((await valueOf('smtpPassword'))?.isSet).toBe(true);

    await page.reload();
    await page.waitForSelector('#system-settings_auditOpen');
    await expect(page.getAttribute('#system-settings_auditOpen', 'aria-checked')).resolves.toBe(
      String(!auditBefore),
    );
    await expect(page.inputValue('#system-settings_passwordExpiryDays')).resolves.toBe(String(lang.days));
    await page.locator(`[data-testid=secret-smtpPassword]:has-text("${lang.secretSet}")`).waitFor();
    // The secret itself never comes back to the page.
    await expect(page.inputValue('#system-settings_smtpPassword')).resolves.toBe('');

    // A bad value is refused in the form, naming the field, and nothing is saved.
    await page.fill('#system-settings_smtpServer_from', 'not-an-address');
    await page.click('[data-testid=settings-save]');
    await page.waitForSelector('#system-settings_smtpServer_from_help');
    expect((await valueOf('smtpServer'))?.value).toMatchObject({ from: '' });

    // The platform's default brand: a new title shows on the sign-in page.
    const brandTitle = `Signage ${lang.cookie}`;
    await page.fill('[data-testid=brandDefault-title]', brandTitle);
    await page.click('[data-testid=brandDefault-save]');
    await expect
      .poll(async () => (await valueOf('brandDefault'))?.value)
      .toMatchObject({ title: brandTitle });
    const visitor = await suite.browser.newPage();
    await visitor.goto(`${suite.server.url}/login`);
    await expect.poll(() => visitor.textContent('[data-testid=brand-title]')).toBe(brandTitle);
    await visitor.close();

    expect(errors).toEqual([]);
    await context.close();
  });
});
