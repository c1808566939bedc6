import { describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, encryptForServer } from '../support/api.js';
import { codeFromOutbox } from '../support/outbox.js';
import { signIn } from '../support/session.js';
import { ADMIN, adminSuite, openPage } from '../support/suite.js';

/** What the pages show in each language the flows run in. */
const LANGUAGES = [
  { cookie: 'US', registerTitle: 'Register an organisation', forgotTitle: 'Reset your password' },
  {
    cookie: 'CN',
    registerTitle: '注册机构',
    registered: '机构已注册成功，请登录。',
    forgotTitle: '重置密码',
    reset: '密码已重置，请使用新密码登录。',
  },
] as const;

describe('self-registration and password recovery pages', () => {
  // Each test signs in through the API itself, when it needs to.
  const suite = adminSuite({ apiSignIn: false });

  const operatorRoleId = async (cookie: string) => {
    const roles = await apiCall<{ id: number; code: string }[]>(
      suite.server.url,
      cookie,
      '/a/api/user/allRoleList',
    );
    return roles.find((r) => r.code === 'operator')!.id;
  };

  const openContext = (language: string) =>
    openPage(suite, { language, viewport: { width: 1280, height: 900 } });

  // The flows in Chinese, where an untranslated string would show; the English pages are checked on their own.
  const [english, lang] = LANGUAGES;

  it('shows both pages in English', async () => {
    const { context, page, errors } = await openContext(english.cookie);
    for (const [path, title] of [
      ['/register', english.registerTitle],
      ['/forgotPassword', english.forgotTitle],
    ] as const) {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByText(title).first().waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it(`registers a new organisation and signs in with it (${lang.cookie})`, async () => {
    const { context, page, errors } = await openContext(lang.cookie);
    const login = `newco${lang.cookie.toLowerCase()}`;
    const email = `${login}@example.test`;
    const password = 'Newco#2026pass';
    await page.goto(`${suite.server.url}/login`);
    await page.click('[data-testid=register-link]');
    await page.waitForURL('**/register');
    await page.getByText(lang.registerTitle).first().waitFor();
    await page.fill('#register_officeName', `Newco ${lang.cookie}`);
    await page.fill('#register_loginName', login);
    await page.fill('#register_password', password);
    await expect
      .poll(() => page.getAttribute('[data-testid=password-strength]', 'data-level'))
      .toBe('strong');
    await page.fill('#register_confirm', password);
    await page.fill('[data-testid=register-target]', email);
    const sentAt = Date.now() - 1000;
    await page.click('[data-testid=send-code]');
    const code = await codeFromOutbox(suite.server.dataDir, email, sentAt);
    await expect.poll(() => page.isDisabled('[data-testid=send-code]')).toBe(true);
    await page.fill('[data-testid=code-input]', code);
    await page.press('[data-testid=code-input]', 'Enter');
    await page.waitForURL('**/login');
    await page.getByText(lang.registered).waitFor();

    await signIn(page, suite.server.url, login, password);
    const cookie = await apiSignIn(suite.server.url, login, password);
    const me = await apiCall<{ office: { name: string; kind: string } }>(
      suite.server.url,
      cookie,
      '/a/api/user/getUserInfo',
    );
    expect(me.office).toMatchObject({ name: `Newco ${lang.cookie}`, kind: 'customer' });
    const users = await apiCall<{ list: { loginName: string }[] }>(
      suite.server.url,
      cookie,
      '/a/api/user/usereList?pageSize=100',
    );
    expect(users.list.map((u) => u.loginName)).toEqual([login]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it(`resets a forgotten password with a mailed code (${lang.cookie})`, async () => {
    const adminCookie = await apiSignIn(suite.server.url, ADMIN.user, ADMIN.password);
    const me = await apiCall<{ office: { id: number } }>(
      suite.server.url,
      adminCookie,
      '/a/api/user/getUserInfo',
    );
    const login = `forgetful${lang.cookie.toLowerCase()}`;
    const email = `${login}@example.test`;
    await apiCall(suite.server.url, adminCookie, '/a/api/user/save', {
      loginName: login,
      name: 'Forgetful',
      officeId: me.office.id,
      email,
      roleIds: [await operatorRoleId(adminCookie)],
      password: await encryptForServer(suite.server.url, 'Before#2026pass'),
    });

    const { context, page, errors } = await openContext(lang.cookie);
    await page.goto(`${suite.server.url}/login`);
    await page.click('[data-testid=forgot-link]');
    await page.waitForURL('**/forgotPassword');
    await page.getByText(lang.forgotTitle).first().waitFor();
    await page.fill('#forgotPassword_username', login);
    const sentAt = Date.now() - 1000;
    await page.click('[data-testid=send-code]');
    const code = await codeFromOutbox(suite.server.dataDir, email, sentAt);
    await page.fill('[data-testid=code-input]', code);
    await page.fill('#forgotPassword_newPassword', 'After#2026pass');
    await page.fill('#forgotPassword_confirm', 'After#2026pass');
    await page.click('[data-testid=forgot-submit]');
    await page.waitForURL('**/login');
    await page.getByText(lang.reset).waitFor();
    await signIn(page, suite.server.url, login, 'After#2026pass');
    expect(errors).toEqual([]);
    await context.close();
  });
});
