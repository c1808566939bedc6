import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, apiSignIn, encryptForServer } from '../support/api.js';
import { codeFromOutbox } from '../support/outbox.js';
import { adminSuite, expectPageInLanguage, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

/** What the personal center shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', editProfile: 'Edit profile', changePassword: 'Change password' },
  {
    cookie: 'CN',
    saved: '个人资料已保存。',
    uploaded: '头像已更换。',
    changed: '密码已修改，您在其他地方的登录已退出。',
    bound: '已绑定到您的账号。',
  },
] as const;

interface Profile {
  name: string;
  avatar: string | null;
  email: string | null;
  emailVerifiedAt: string | null;
}

/** A PNG drawn by the browser itself (a real image for the avatar upload). */
async function drawPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1677ff';
    ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(100, 50, 120, 100);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

describe('personal center page', () => {
  let officeId: number;
  let operatorRole: number;
  const suite = adminSuite({
    seed: async (s) => {
      const me = await s.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
      officeId = me.office.id;
      const roles = await s.api<{ id: number; code: string }[]>('/a/api/user/allRoleList');
      operatorRole = roles.find((r) => r.code === 'operator')!.id;
    },
  });

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      viewport: WIDE_VIEWPORT,
      path: '/personalCenter',
      waitFor: '[data-testid=profile]',
      texts: [english.editProfile, english.changePassword],
    }));

  it(`edits the profile, uploads a picture, changes the password and binds an e-mail (${lang.cookie})`, async () => {
    const login = `pat${lang.cookie.toLowerCase()}`;
    const password = 'Before#2026pass';
    const newPassword = 'After#2026pass';
    const { server } = suite;
    await suite.api('/a/api/user/save', {
      loginName: login,
      name: 'Pat',
      officeId,
      roleIds: [operatorRole],
      password: await encryptForServer(server.url, password),
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: lang.cookie,
      viewport: WIDE_VIEWPORT,
      account: { user: login, password },
    });
    // A second sign-in elsewhere, which the password change ends.
    const otherSession = await apiSignIn(server.url, login, password);
    await page.goto(`${server.url}/personalCenter`);
    await page.waitForSelector('[data-testid=profile]');
    let current = otherSession;
    const profile = () => apiCall<Profile>(server.url, current, '/a/api/user/accountProfile');

    // Name.
    await page.click('[data-testid=profile-edit]');
    await page.fill('[data-testid=profile-name]', `Patricia ${lang.cookie}`);
    await page.press('[data-testid=profile-name]', 'Enter');
    await page.getByText(lang.saved).waitFor();
    await expect.poll(async () => (await profile()).name).toBe(`Patricia ${lang.cookie}`);

    // Picture: preview, progress, stored as a 256×256 WebP.
    const png = await drawPng(page);
    await page.setInputFiles('[data-testid=avatar-upload] input[type=file]', {
      name: 'me.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByText(lang.uploaded).waitFor();
    await expect.poll(async () => (await profile()).avatar).toMatch(/\/avatar\/\d+-[0-9a-f]{16}\.webp$/);
    const avatar = (await profile()).avatar!;
    await expect.poll(() => page.locator('[data-testid=avatar-upload] img').getAttribute('src')).toBe(avatar);
    const image = await page.request.get(`${server.url}${avatar}`);
    expect(image.headers()['content-type']).toBe('image/webp');

    // Bind an e-mail with a mailed code.
    const email = `${login}@example.test`;
    await page.click('[data-testid=bind-email]');
    await page.fill('[data-testid=bind-target]', email);
    const sentAt = Date.now() - 1000;
    await page.click('[data-testid=send-code]');
    const code = await codeFromOutbox(server.dataDir, email, sentAt);
    await page.fill('[data-testid=code-input]', code);
    await page.press('[data-testid=code-input]', 'Enter');
    await page.getByText(lang.bound).waitFor();
    await page.getByTestId('bound-email').getByText(email).waitFor();
    const bound = await profile();
    expect(bound.email).toBe(email);
    expect(bound.emailVerifiedAt).not.toBeNull();

    // Password: the strength hint follows the typing; the other session ends.
    await page.fill('#changePassword_oldPassword', password);
    await page.fill('#changePassword_newPassword', newPassword);
    await page.getByTestId('password-strength').waitFor();
    await page.fill('#changePassword_confirm', newPassword);
    await page.click('[data-testid=change-password-submit]');
    await page.getByText(lang.changed).waitFor();
    await expect(apiCall(server.url, otherSession, '/a/api/user/accountProfile')).rejects.toThrow(/401/);
    current = await apiSignIn(server.url, login, newPassword);
    expect((await profile()).email).toBe(email);
    // This tab is still signed in.
    await page.reload();
    await page.waitForSelector('[data-testid=profile]');
    expect(page.url()).toContain('/personalCenter');
    expect(errors).toEqual([]);
    await context.close();
  });
});
