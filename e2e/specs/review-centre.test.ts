import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { apiCall, apiSignIn, encryptForServer } from '../support/api.js';
import { describeViolations, scanPage } from '../support/axe.js';
import {
  claimTerminal,
  openPlayer,
  pairingCode,
  waitForConnection,
  waitForDelivery,
} from '../support/player.js';
import { adminSuite, openSignedInPage, WIDE_VIEWPORT, type Account } from '../support/suite.js';

const stamp = Date.now().toString(36);

/** The program maker: the built-in operator role (makes and publishes, does not review). */
const MAKER = { user: `mara${stamp}`, password: 'Maker#2026pass', name: `Mara Maker ${stamp}` };
/** The program reviewer: a role of program review only. */
const REVIEWER = { user: `rex${stamp}`, password: 'Review#2026pass', name: `Rex Reviewer ${stamp}` };
const REVIEWER_GRANTS = 'home:view,review:view,review:program:view,review:program:review';

/** A program of one scene showing `text` (no materials: it plays as soon as a player has it). */
function textProgram(name: string, text: string) {
  return {
    formatVersion: 2,
    name,
    canvas: { w: 1280, h: 720, realWidth: 1280, realHeight: 720 },
    scenes: [
      {
        id: 's1',
        name: 'One',
        main: true,
        background: { color: '#203040', materialId: null, fit: 'cover' },
        durationMs: 10_000,
        untilTouched: false,
        transition: { name: 'none', durationMs: 0 },
        widgets: [
          {
            id: 't1',
            type: 'text',
            x: 80,
            y: 80,
            w: 1100,
            h: 160,
            rotation: 0,
            z: 0,
            props: {
              html: `<p>${text}</p>`,
              font: { family: 'sans-serif', size: 60, color: '#ffffff' },
              align: 'left',
              verticalAlign: 'top',
              marquee: null,
            },
          },
        ],
      },
    ],
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A plan playing one program all day, from yesterday for a week. */
function allDayPlan(programId: number) {
  const now = Date.now();
  return {
    defaultProgramId: null,
    entries: [
      {
        ...{ id: 'allday', name: 'All day', kind: 'normal', priority: 1, items: [{ programId }] },
        ...{ startDate: isoDay(now - 86_400_000), endDate: isoDay(now + 7 * 86_400_000) },
        ...{ weekdays: [], rrule: null, exdates: [], rdates: [], windows: [] },
        ...{ everyMinutes: null, perHour: null },
      },
    ],
  };
}

/** One item a terminal holds, traced to its approval (`GET /a/api/review/trace`). */
interface Traced {
  kind: string;
  id: number;
  revision: number | null;
  approval: { action: string; revision: number | null; actorName: string | null } | null;
}

/** A POST whose refusal is the point: the HTTP status and the envelope, without throwing. */
async function postRaw(baseUrl: string, cookie: string, url: string, body: unknown) {
  const res = await fetch(`${baseUrl}/apm-web${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

/**
 * Records in the player page, from now on, every program id its screen plays and whether any of `markers`
 * ever was in its document (shown or not): a "never shown" that a short look could miss.
 */
async function watchPlayer(page: Page, markers: string[]): Promise<void> {
  await page.evaluate((watched) => {
    const seen = { programIds: [] as string[], markers: [] as string[] };
    const look = () => {
      const id = document.querySelector<HTMLElement>('[data-testid=player-screen]')?.dataset.programId;
      if (id && !seen.programIds.includes(id)) seen.programIds.push(id);
      const text = document.body.textContent ?? '';
      for (const m of watched) if (text.includes(m) && !seen.markers.includes(m)) seen.markers.push(m);
    };
    look();
    new MutationObserver(look).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    (window as unknown as { seen: typeof seen }).seen = seen;
  }, markers);
}

/** What {@link watchPlayer} has seen so far. */
function seenOnPlayer(page: Page): Promise<{ programIds: string[]; markers: string[] }> {
  return page.evaluate(
    () => (window as unknown as { seen: { programIds: string[]; markers: string[] } }).seen,
  );
}

describe('review centre', () => {
  let officeId = 0;
  let makerCookie = '';
  let reviewerCookie = '';
  // The maker and the reviewer share an office of their own: the reviewer (data range: that office) sees
  // only what this spec submits, whatever the specs before left waiting on the shared server.
  const suite = adminSuite({
    seed: async (s) => {
      const root = (await s.api<{ id: number }[]>('/a/api/office/treeDataNew'))[0]!;
      officeId = (
        await s.api<{ id: number }>('/a/api/office/save', {
          parentId: root.id,
          name: `Review office ${stamp}`,
        })
      ).id;
      const roles = await s.api<{ id: number; code: string }[]>('/a/api/user/allRoleList');
      const reviewRole = await s.api<{ id: number }>('/a/api/role/save', {
        name: `Program reviewer ${stamp}`,
        grants: REVIEWER_GRANTS,
      });
      for (const [account, roleId] of [
        [MAKER, roles.find((r) => r.code === 'operator')!.id],
        [REVIEWER, reviewRole.id],
      ] as const) {
        await s.api('/a/api/user/save', {
          loginName: account.user,
          name: account.name,
          officeId,
          roleIds: [roleId],
          dataRange: 'office',
          password: await encryptForServer(s.server.url, account.password),
        });
      }
      makerCookie = await apiSignIn(s.server.url, MAKER.user, MAKER.password);
      reviewerCookie = await apiSignIn(s.server.url, REVIEWER.user, REVIEWER.password);
    },
  });
  const as =
    (cookie: () => string) =>
    <T>(url: string, body?: unknown) =>
      apiCall<T>(suite.server.url, cookie(), url, body);
  const maker = as(() => makerCookie);
  const reviewer = as(() => reviewerCookie);
  const audit = (value: boolean) => suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value });
  const signedIn = (account: Account, path: string, waitFor?: string) =>
    openSignedInPage(suite, { language: 'US', viewport: WIDE_VIEWPORT, account, path, waitFor });

  it('a reviewer rejects a program with a note on the review page; its maker reads the note in the bell (US)', async () => {
    await audit(true);
    try {
      const name = `Spring sale ${stamp}`;
      const saved = await maker<{ id: number; reviewState: string }>('/a/api/program/save', {
        document: textProgram(name, 'Everything must go'),
      });
      expect(saved.reviewState).toBe('pending');
      // The reviewer is told of the submission, and counts it among what waits for them.
      const told = await reviewer<{ list: { contents: Record<string, string> }[] }>(
        '/a/api/messageNotification/list?pageNo=1&pageSize=10',
      );
      expect(told.list.map((n) => n.contents.US)).toContain(`A new program “${name}” waits for your review.`);
      expect(await reviewer('/a/api/review/pendingCounts')).toEqual({ program: 1 });

      // The maker is signed in in another browser before the decision.
      const makerPage = await signedIn(MAKER, '/home', '[data-testid=notice-bell]');
      const { context, page, errors } = await signedIn(REVIEWER, '/publishProgram/checklist');
      const row = page.locator('.ant-table-row', { hasText: name });
      await row.waitFor();
      // The menu shows the pending count on the review page and on the review group.
      const badge = (label: string) =>
        page
          .getByTestId('menu-inline')
          .getByTestId('menu-badge-label')
          .filter({ hasText: label })
          .locator('.ant-scroll-number');
      await expect.poll(() => badge('Program review').getAttribute('title')).toBe('1');
      expect(await badge('Content review').getAttribute('title')).toBe('1');
      expect(await row.innerText()).toContain(MAKER.name);
      const violations = await scanPage(page, '/publishProgram/checklist');
      expect(violations, describeViolations(violations)).toEqual([]);

      const note = `Prices missing ${stamp}`;
      await row.getByTestId('program-review-reject').click();
      await page.fill('#review_note', note);
      await page.click('#review-note-ok');
      await expectMessage(page, 'Programs rejected: 1');
      await row.waitFor({ state: 'detached' });
      expect(await reviewer('/a/api/review/pendingCounts')).toEqual({ program: 0 });
      // Nothing waits any more: the decision clears the menu's count, without a reload.
      await page.getByText('No programs are waiting for review').waitFor();
      await expect.poll(() => page.getByTestId('menu-badge-label').count()).toBe(0);
      // The rejected program's history on the page: submitted by the maker, then rejected with the note.
      await page.getByTestId('program-review-state').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Rejected' })
        .click();
      await row.getByTestId('review-history-open').click();
      const steps = page.getByTestId('review-history-step');
      await expect.poll(() => steps.count()).toBe(2);
      expect(await steps.nth(0).getAttribute('data-action')).toBe('submitted');
      expect(await steps.nth(0).innerText()).toContain(MAKER.name);
      expect(await steps.nth(1).getAttribute('data-action')).toBe('rejected');
      expect(await steps.nth(1).innerText()).toContain(note);
      await page.keyboard.press('Escape');

      // The maker's bell has the decision with the note; the history keeps who decided what.
      await makerPage.page.getByTestId('notice-bell').click();
      await makerPage.page
        .getByTestId('notice-list')
        .getByText(`Your program “${name}” was rejected. Review note: ${note}`)
        .waitFor();
      const history = await maker<{ action: string; note: string | null; actorName: string | null }[]>(
        `/a/api/review/history?kind=program&id=${saved.id}`,
      );
      expect(history.map((h) => [h.action, h.actorName, h.note])).toEqual([
        ['submitted', MAKER.name, null],
        ['rejected', REVIEWER.name, note],
      ]);

      expect(errors, errors.join('\n')).toEqual([]);
      expect(makerPage.errors, makerPage.errors.join('\n')).toEqual([]);
      await context.close();
      await makerPage.context.close();
    } finally {
      await audit(false);
    }
  });

  it('keeps an unapproved program off a paired web player, through every publishing path, until it is approved', async () => {
    const player = await openPlayer(suite.browser, suite.server.url);
    const code = await pairingCode(player.page);
    await waitForConnection(player.page, 'open');
    const terminalId = await claimTerminal(
      suite.server.url,
      suite.cookie,
      code,
      officeId,
      `Review screen ${stamp}`,
    );
    await player.page.getByTestId('terminal-name').getByText(`Review screen ${stamp}`).waitFor();
    const first = `First draft ${stamp}`;
    const second = `Second draft ${stamp}`;
    await watchPlayer(player.page, [first, second]);
    const trace = () => reviewer<Traced[]>(`/a/api/review/trace?terminalId=${terminalId}`);
    const traced = async (kind: string, id: number) =>
      (await trace()).find((t) => t.kind === kind && t.id === id);
    const post = (url: string, body: unknown) => postRaw(suite.server.url, makerCookie, url, body);
    let waitingId = 0;
    /**
     * "Play now" of the waiting program: refused by the server, or (as the server queues it today) by the
     * player, which holds no such program.
     */
    const playNowRefused = async () => {
      const sent = await post('/a/api/terminalSet/playProgram', {
        terminalIds: [terminalId],
        programId: waitingId,
      });
      if (sent.status !== 200) {
        expect(sent.status).toBe(409);
        return;
      }
      const { commands } = sent.body.data as { commands: { id: number }[] };
      const delivery = await waitForDelivery(suite.server.url, suite.cookie, terminalId, commands[0]!.id);
      expect(delivery.state).toBe('failed');
    };

    await audit(true);
    try {
      const waiting = await maker<{ id: number; reviewState: string }>('/a/api/program/save', {
        document: textProgram(`Waiting ${stamp}`, first),
      });
      expect(waiting.reviewState).toBe('pending');
      waitingId = waiting.id;

      // Published directly: refused.
      const direct = await post('/a/api/publishProgram/saveTerminals', {
        programId: waiting.id,
        terminalIds: [terminalId],
      });
      expect(direct.status).toBe(409);
      expect(direct.body.msg).toContain('only approved programs can be published');

      // Through a plan: refused while the plan waits, and still once the plan is approved.
      const plan = await maker<{ id: number; reviewState: string }>('/a/api/playPlan/save', {
        name: `Review plan ${stamp}`,
        document: allDayPlan(waiting.id),
      });
      expect(plan.reviewState).toBe('pending');
      const publishPlan = () =>
        post('/a/api/playPlan/saveTerminals', {
          planId: plan.id,
          terminalIds: [terminalId],
          mode: 'replace',
        });
      expect((await publishPlan()).status).toBe(409);
      await suite.api('/a/api/review/plan/approve', { ids: [plan.id] });
      const throughPlan = await publishPlan();
      expect(throughPlan.status).toBe(409);
      expect(throughPlan.body.msg).toContain(`Waiting ${stamp} (pending)`);

      // "Play now" by command does not bring it either.
      await playNowRefused();

      // An approved program published after all that reaches the player: its manifest was rebuilt since.
      const sentinel = await maker<{ id: number }>('/a/api/program/save', {
        document: textProgram(`Sentinel ${stamp}`, `Sentinel ${stamp}`),
      });
      await reviewer('/a/api/review/program/approve', { ids: [sentinel.id] });
      await maker('/a/api/publishProgram/saveTerminals', {
        programId: sentinel.id,
        terminalIds: [terminalId],
      });
      await player.page.getByText(`Sentinel ${stamp}`).waitFor({ timeout: 30_000 });
      expect(await seenOnPlayer(player.page)).toEqual({ programIds: [String(sentinel.id)], markers: [] });
      // The server's view of the terminal: the sentinel, approved by the reviewer; nothing of the waiting one.
      expect(await traced('program', sentinel.id)).toMatchObject({
        approval: { action: 'approved', actorName: REVIEWER.name },
      });
      expect(await traced('program', waiting.id)).toBeUndefined();

      // Approved by the reviewer, the plan publishes and the player plays it, traced to the reviewer.
      await reviewer('/a/api/review/program/approve', { ids: [waiting.id], note: 'Fine' });
      expect((await publishPlan()).status).toBe(200);
      await player.page.getByText(first).waitFor({ timeout: 30_000 });
      expect(await traced('program', waiting.id)).toMatchObject({
        revision: 1,
        approval: { action: 'approved', revision: 1, actorName: REVIEWER.name },
      });
      expect((await traced('plan', plan.id))?.approval?.action).toBe('approved');

      // Changed after approval, it waits again: the player drops it and never shows the change.
      const changed = await maker<{ revision: number; reviewState: string }>('/a/api/program/save', {
        id: waiting.id,
        document: textProgram(`Waiting ${stamp}`, second),
      });
      expect(changed).toMatchObject({ revision: 2, reviewState: 'pending' });
      await expect
        .poll(() => player.page.getByTestId('player-screen').getAttribute('data-program-id'), {
          timeout: 30_000,
        })
        .not.toBe(String(waiting.id));
      expect(await traced('program', waiting.id)).toBeUndefined();
      await playNowRefused();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await seenOnPlayer(player.page)).markers).toEqual([first]);

      // Approved again, the new revision plays, traced to that approval.
      await reviewer('/a/api/review/program/approve', { ids: [waiting.id] });
      await player.page.getByText(second).waitFor({ timeout: 30_000 });
      expect(await traced('program', waiting.id)).toMatchObject({
        revision: 2,
        approval: { action: 'approved', revision: 2, actorName: REVIEWER.name },
      });
    } finally {
      await audit(false);
      await player.context.close();
    }
  });
});
