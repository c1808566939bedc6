import { describe, expect, it } from 'vitest';
import { describeViolations, scanPage } from '../support/axe.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

const stamp = Date.now().toString(36);

describe('home dashboard', () => {
  const suite = adminSuite();

  /** Registers a device and claims it into the admin's office through the API (it stays offline). */
  async function claimTerminal(name: string): Promise<void> {
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const res = await fetch(`${suite.server.url}/apm-web/terminal/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceId: `home-${stamp}`,
        platform: 'simulator',
        appVersion: '1.0.0',
        resolution: '1920x1080',
      }),
    });
    const device = ((await res.json()) as { data: { pairingCode: string } }).data;
    await suite.api('/a/api/terminal/updateTerminalOffice', {
      pairingCode: device.pairingCode,
      officeId: office.id,
      name,
    });
  }

  it('shows the live figures of the data range and updates them without a reload', async () => {
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      waitFor: '[data-testid=home-dashboard]',
      viewport: WIDE_VIEWPORT,
    });
    const offline = page.getByTestId('home-terminals').locator('.ant-statistic', { hasText: 'Offline' });
    const before = Number(await offline.locator('.ant-statistic-content-value').innerText());
    await expect.poll(() => page.getByTestId('home-activity').innerText()).toContain('Recent activity');
    await expect.poll(() => page.getByTestId('home-plays').innerText()).toContain("Today's plays");
    await expect.poll(() => page.getByTestId('home-quick-actions').innerText()).toContain('Upload material');

    // A terminal claimed meanwhile shows up by the next refresh (every 15 s), the page never reloaded.
    await page.evaluate(() => ((window as unknown as { homeMarker: number }).homeMarker = 1));
    await claimTerminal(`Home screen ${stamp}`);
    await expect
      .poll(async () => Number(await offline.locator('.ant-statistic-content-value').innerText()), {
        timeout: 25_000,
      })
      .toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { homeMarker?: number }).homeMarker)).toBe(1);

    // The cards lead to their pages.
    await page.getByTestId('home-alarms').getByRole('link', { name: 'Alarms' }).click();
    await page.waitForURL(/abnormalAlarm\/abnormalAlarmList/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('passes the accessibility scan in Chinese', async () => {
    const { context, page } = await openSignedInPage(suite, {
      language: 'CN',
      waitFor: '[data-testid=home-dashboard]',
      viewport: WIDE_VIEWPORT,
    });
    await expect.poll(() => page.getByTestId('home-terminals').innerText()).toContain('离线');
    const violations = await scanPage(page, '/home dashboard (CN)');
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
