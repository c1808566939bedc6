import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { describeViolations, scanPage } from '../support/axe.js';
import { claimTerminal, openPlayer, pairingCode, waitForConnection } from '../support/player.js';
import { blankProgram } from '../support/programs.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT } from '../support/suite.js';

interface PlanDetail {
  id: number;
  name: string;
  revision: number;
  document: {
    entries: { id: string; items: { programId: number }[]; windows: { start: string; end: string }[] }[];
  };
}

const stamp = Date.now().toString(36);

/** Picks the program called `name` in the program picker `testId` (the last one on the page). */
async function pickProgram(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).last().click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A plan playing one program all day at priority 1, from two days ago for ten days. */
function allDayPlan(programId: number) {
  const now = Date.now();
  return {
    defaultProgramId: null,
    entries: [
      {
        ...{ id: 'allday', name: 'All day', kind: 'normal', priority: 1, items: [{ programId }] },
        ...{ startDate: isoDay(now - 2 * DAY), endDate: isoDay(now + 10 * DAY), weekdays: [], rrule: null },
        ...{ exdates: [], rdates: [], windows: [], everyMinutes: null, perHour: null },
      },
    ],
  };
}

/** The window text of the selected entry's first window. */
const firstWindow = (page: Page) => page.getByTestId('plan-window-text').first();

/**
 * Asks "what plays at" `at` (`YYYY-MM-DD HH:mm`) as a user does: opens the picker, types, presses Enter,
 * and waits until the picker has closed on that value, so the next question starts from a closed picker.
 */
async function askPlaysAt(page: Page, at: string) {
  const input = page.getByTestId('plan-plays-at-input');
  // A user whose typing the picker dropped (a busy machine re-renders the page under it) types again.
  for (let attempt = 1; ; attempt++) {
    await input.click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await input.fill(at);
    await input.press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'detached' });
    if (attempt === 3) break;
    const taken = await expect
      .poll(() => input.inputValue(), { timeout: 3_000 })
      .toBe(at)
      .then(() => true)
      .catch(() => false);
    if (taken) return;
  }
  await expect.poll(() => input.inputValue()).toBe(at);
}

/**
 * Asks what plays at `at` and expects `program`. A miss says what the panel, the entries and the
 * selected entry's fields showed: the one miss seen (only in full parallel runs) left nothing else.
 */
async function expectPlaysAt(page: Page, at: string, program: string) {
  await askPlaysAt(page, at);
  try {
    await expect.poll(() => page.getByTestId('plan-plays-at-program').innerText()).toBe(program);
  } catch (error) {
    const text = (testId: string) =>
      page
        .getByTestId(testId)
        .first()
        .innerText()
        .catch(() => '(none)');
    const fields = await page
      .getByTestId('plan-entry-form')
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => `${i.id}=${(i as HTMLInputElement).value}`));
    const seen = [
      `panel: ${await text('plan-plays-at')}`,
      `input: ${await page.getByTestId('plan-plays-at-input').inputValue()}`,
      `entries: ${await text('plan-entries')}`,
      `fields: ${fields.join(', ')}`,
    ];
    throw new Error(`What plays at ${at}: expected ${program}; ${seen.join(' | ').replace(/\s+/g, ' ')}`, {
      cause: error,
    });
  }
}

describe('plan production', () => {
  const suite = adminSuite();
  const program = async (name: string) =>
    (await suite.api<{ id: number }>('/a/api/program/save', { document: blankProgram(name) })).id;

  it('makes a plan of two entries, drags a window on the week grid, saves, reopens, undoes and redoes (US)', async () => {
    const morning = `${stamp} Morning`;
    const evening = `${stamp} Evening`;
    await program(morning);
    await program(evening);
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/playPlan/planMake',
      waitFor: '[data-testid=plan-make]',
      viewport: WIDE_VIEWPORT,
    });
    const name = `${stamp} Lobby plan`;
    await page.getByTestId('plan-name').fill(name);

    // Entry 1: the morning program from 08:00 to 12:00.
    await page.getByTestId('plan-entry-add').click();
    await pickProgram(page, 'plan-item-add', morning);
    await page.getByTestId('plan-window-add').click();
    await expect.poll(() => firstWindow(page).innerText()).toBe('08:00–12:00');
    // Entry 2: the evening program all day, under entry 1.
    await page.getByTestId('plan-entry-add').click();
    await pickProgram(page, 'plan-item-add', evening);
    await page.locator('#plan-entry-e2-priority').fill('3');
    await expect(page.getByTestId('plan-entry').count()).resolves.toBe(2);

    // The week grid draws both; entry 1's block is dragged two hours down.
    const block = page.locator('[data-testid=plan-block][data-entry-id=e1]').first();
    await block.waitFor();
    expect(await page.locator('[data-testid=plan-block][data-entry-id=e2]').count()).toBeGreaterThan(0);
    const day = await page
      .locator('[data-testid=plan-week-day]', { has: page.locator('[data-entry-id=e1]') })
      .first()
      .getAttribute('data-date');
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 56, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => firstWindow(page).innerText()).toBe('10:00–14:00');

    // What plays at 11:00 and 20:00 that day.
    await expectPlaysAt(page, `${day} 11:00`, morning);
    await expectPlaysAt(page, `${day} 20:00`, evening);

    const violations = await scanPage(page, 'plan production');
    expect(violations, describeViolations(violations)).toEqual([]);

    await page.getByTestId('plan-save').click();
    await expectMessage(page, 'The plan was saved');
    await page.waitForURL(/planMake\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = await suite.api<PlanDetail>(`/a/api/playPlan/detail?id=${id}`);
    expect(saved.name).toBe(name);
    expect(saved.document.entries.map((e) => e.windows)).toEqual([[{ start: '10:00', end: '14:00' }], []]);

    // Undo and redo the drag from the keyboard (focus off the fields).
    await page.getByTestId('plan-week-range').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => firstWindow(page).innerText()).toBe('08:00–12:00');
    await expect.poll(() => page.getByTestId('plan-status').innerText()).toBe('Unsaved changes');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => firstWindow(page).innerText()).toBe('10:00–14:00');

    // Reopened (full screen), it is what was saved.
    await page.goto(`${suite.server.url}/PlanMake?id=${id}`);
    await page.getByTestId('plan-make').waitFor();
    await expect.poll(() => page.getByTestId('plan-name').inputValue()).toBe(name);
    expect(await page.getByTestId('plan-entry').count()).toBe(2);
    await expect.poll(() => firstWindow(page).innerText()).toBe('10:00–14:00');
    const full = await scanPage(page, 'plan production, full screen');
    expect(full, describeViolations(full)).toEqual([]);

    // Delete removes the selected entry; undo brings it back.
    await page.getByTestId('plan-week-range').click();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('plan-entry').count()).toBe(1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('plan-entry').count()).toBe(2);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('refuses a malformed RRULE, naming the field, in the editor and on the server (US)', async () => {
    const programId = await program(`${stamp} Rule`);
    const name = `${stamp} Rule plan`;
    const plan = await suite.api<{ id: number }>('/a/api/playPlan/save', {
      name,
      document: {
        defaultProgramId: null,
        entries: [
          {
            ...{ id: 'e1', name: '', kind: 'normal', priority: 5, items: [{ programId }] },
            ...{ startDate: '2026-01-05', endDate: null, weekdays: [], rrule: null, exdates: [], rdates: [] },
            ...{ windows: [], everyMinutes: null, perHour: null },
          },
        ],
      },
    });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: `/playPlan/planMake?id=${plan.id}`,
      waitFor: '[data-testid=plan-entry-form]',
      viewport: WIDE_VIEWPORT,
    });
    await page.getByTestId('plan-rrule-input').fill('FREQ=HOURLY;BYDAY=XX');
    await page.getByTestId('plan-rrule-invalid').waitFor();
    await expect.poll(() => page.getByTestId('plan-rrule-help').innerText()).toContain('recurrence rule');
    await page.getByTestId('plan-save').click();
    await expectMessage(page, 'Fix the errors before saving', { error: true });
    const detail = await suite.api<PlanDetail & { document: { entries: { rrule: string | null }[] } }>(
      `/a/api/playPlan/detail?id=${plan.id}`,
    );
    expect(detail.document.entries[0]!.rrule).toBeNull();

    // The server refuses it too, naming the field.
    const res = await fetch(`${suite.server.url}/apm-web/a/api/playPlan/save`, {
      method: 'POST',
      headers: { cookie: suite.cookie, 'content-type': 'application/json', origin: suite.server.url },
      body: JSON.stringify({
        id: plan.id,
        name,
        baseRevision: detail.revision,
        document: {
          ...detail.document,
          entries: [{ ...detail.document.entries[0], rrule: 'FREQ=HOURLY;BYDAY=XX' }],
        },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { jsonObject: { fields: Record<string, string> } };
    expect(Object.keys(body.jsonObject.fields)).toContain('document.entries[0].rrule');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('previews the unsaved plan on a terminal: its zone and its other plan (US)', async () => {
    const mine = `${stamp} Mine`;
    const theirs = `${stamp} Theirs`;
    await program(mine);
    const theirsId = await program(theirs);
    const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const terminalName = `${stamp} Tokyo screen`;
    const terminalId = await claimTerminal(suite.server.url, suite.cookie, code, office.id, terminalName);
    const otherName = `${stamp} Published plan`;
    const other = await suite.api<{ id: number }>('/a/api/playPlan/save', {
      name: otherName,
      document: allDayPlan(theirsId),
    });
    await suite.api('/a/api/playPlan/saveTerminals', {
      planId: other.id,
      terminalIds: [terminalId],
      mode: 'replace',
    });
    await suite.api('/a/api/terminalSet/terminalSet', { terminalIds: [terminalId], timeZone: 'Asia/Tokyo' });

    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: '/playPlan/planMake',
      waitFor: '[data-testid=plan-make]',
      viewport: WIDE_VIEWPORT,
    });
    // A refused preview says why, beside the console's line.
    page.on('response', (response) => {
      if (response.status() < 400 || !response.url().includes('/playPlan/preview')) return;
      const body = response.request().postData()?.slice(0, 600) ?? '';
      void response.text().then((answer) => errors.push(`preview ${response.status()}: ${answer} ← ${body}`));
    });
    await page.getByTestId('plan-name').fill(`${stamp} Draft`);
    await page.getByTestId('plan-entry-add').click();
    await pickProgram(page, 'plan-item-add', mine);
    await page.getByTestId('plan-window-add').click();
    await expect.poll(() => firstWindow(page).innerText()).toBe('08:00–12:00');
    // Alone in the browser, no other plan shows.
    expect(await page.getByTestId('plan-other-block').count()).toBe(0);

    // On the terminal: its zone, a note, and the other plan's blocks, labelled with its name.
    await page.getByTestId('plan-preview-terminal').click();
    await page.keyboard.type(terminalName);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: terminalName })
      .click();
    const zone = page.getByTestId('plan-terminal-zone');
    await zone.waitFor();
    expect(await zone.getAttribute('data-zone')).toBe('Asia/Tokyo');
    expect(await zone.innerText()).toContain('Asia/Tokyo');
    const others = page.locator(`[data-testid=plan-other-block][data-plan-id="${other.id}"]`);
    await expect.poll(() => others.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => others.first().getAttribute('title')).toContain(otherName);
    // The program's name arrives with the programs' names, maybe after the block is drawn.
    await expect.poll(() => others.first().getAttribute('title')).toContain(theirs);
    expect(await page.getByTestId('plan-terminal-preview').innerText()).toContain(
      'other plans already published',
    );

    // What plays at, in Tokyo time: the draft's window, and the other plan outside it.
    const day = await page
      .locator('[data-testid=plan-week-day]', { has: page.locator('[data-entry-id=e1]') })
      .first()
      .getAttribute('data-date');
    await expectPlaysAt(page, `${day} 10:00`, mine);
    await expectPlaysAt(page, `${day} 20:00`, theirs);
    expect(await page.getByTestId('plan-plays-at-reason').innerText()).toContain(otherName);

    // An edit is previewed again: the window moved to 13:00–17:00 plays the draft at 14:00 Tokyo.
    await page.getByTestId('plan-week-range').click();
    const block = page.locator('[data-testid=plan-block][data-entry-id=e1]').first();
    await block.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => firstWindow(page).innerText()).toBe('13:00–17:00');
    await expectPlaysAt(page, `${day} 14:00`, mine);

    const violations = await scanPage(page, 'plan production on a terminal');
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
    await player.context.close();
  });
});
