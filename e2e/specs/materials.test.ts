import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeDrawer, confirmDialog, expectMessage } from '../support/antd.js';
import { createUserWithRole } from '../support/api.js';
import { makePng, uploadMaterial, type MaterialRow } from '../support/materials.js';
import {
  ADMIN,
  adminSuite,
  expectPageInLanguage,
  openSignedInPage,
  WIDE_VIEWPORT,
} from '../support/suite.js';

const VIEWER = { user: 'mona', password: 'Viewer#2026pass' };

/** What the page shows in each language the flow runs in. */
const LANGUAGES = [
  { cookie: 'US', title: 'Material management' },
  {
    cookie: 'CN',
    title: '素材管理',
    folderSaved: '文件夹已保存',
    moved: '已移动 1 个素材',
    folderMoved: '文件夹已移动',
    deleted: '已删除 1 个素材',
    folderDeleted: '文件夹已删除',
    notEmpty: '文件夹不为空：请先移走或删除其中的文件夹和素材',
    thumbSaved: '缩略图已保存',
    renamed: '素材已重命名',
  },
] as const;

interface FolderRow {
  id: number;
  name: string;
  parentId: number | null;
}

describe('material management page', () => {
  // A user who may look at the library but not change it.
  const suite = adminSuite({
    seed: (s) =>
      createUserWithRole(s.server.url, s.cookie, {
        roleName: 'Material viewer',
        grants: 'home:view,res:view,res:material:view',
        loginName: VIEWER.user,
        name: 'Mona Viewer',
        password: VIEWER.password,
      }),
  });

  const folders = () => suite.api<FolderRow[]>('/a/api/material/folder/tree');
  const materialsIn = async (folderId: number) =>
    (await suite.api<{ list: MaterialRow[] }>(`/a/api/material/list?folderId=${folderId}`)).list;

  const upload = (name: string, bytes: Buffer, folderId: number | null) =>
    uploadMaterial(suite.server.url, suite.cookie, name, bytes, folderId);

  const openPage = (language: string, account = ADMIN) =>
    openSignedInPage(suite, {
      language,
      viewport: WIDE_VIEWPORT,
      account,
      path: '/resManage/myRes',
      waitFor: '[data-testid=folder-tree]',
    });

  const createFolder = async (page: Page, name: string, saved: string) => {
    // New folders go under the selected folder: start from the top level.
    await page.locator('[data-testid=folder-tree] .ant-tree-title').nth(1).click();
    await page.click('[data-testid=folder-create]');
    await page.fill('#folder_name', name);
    await page.click('#folder-name-save');
    await expectMessage(page, saved);
    const folder = (await folders()).find((f) => f.name === name);
    expect(folder).toMatchObject({ name, parentId: null });
    return folder!;
  };

  const openFolder = (page: Page, name: string) =>
    page.locator('[data-testid=folder-tree] .ant-tree-title', { hasText: name }).click();

  // The flow in Chinese, where an untranslated string would show; the English page is checked on its own.
  const [english, lang] = LANGUAGES;

  it('shows the page in English', () =>
    expectPageInLanguage(suite, {
      language: english.cookie,
      path: '/resManage/myRes',
      viewport: WIDE_VIEWPORT,
      texts: [english.title],
    }));

  it('creates, renames and moves folders; shows an uploaded PNG, previews, moves and deletes it', async () => {
    const { context, page, errors } = await openPage(lang.cookie);
    await page.waitForSelector(`.ant-card-head-title:has-text("${lang.title}")`);
    await page.waitForSelector('[data-testid=material-capacity]');

    // Two folders made in the page: the first holds the upload, the second is the move target.
    const source = await createFolder(page, `E2E ${lang.cookie} source`, lang.folderSaved);
    const created = await createFolder(page, `E2E ${lang.cookie} target`, lang.folderSaved);

    // Rename the second folder, then move it under the first (the tree shows it there).
    await openFolder(page, created.name);
    await page.click('[data-testid=folder-rename]');
    await page.fill('#folder_name', `${created.name} renamed`);
    await page.press('#folder_name', 'Enter');
    await expectMessage(page, lang.folderSaved);
    await page.click('[data-testid=folder-move]');
    await page.locator('[data-testid=folder-picker] .ant-tree-title', { hasText: source.name }).click();
    await confirmDialog(page, '#folder-pick-ok');
    await expectMessage(page, lang.folderMoved);
    const target = (await folders()).find((f) => f.id === created.id)!;
    expect(target).toMatchObject({ name: `${created.name} renamed`, parentId: source.id });

    // A PNG made here, uploaded through the API into the first folder.
    const name = `e2e-${lang.cookie.toLowerCase()}.png`;
    const uploaded = await upload(name, makePng(64, 48, [200, 120, 30]), source.id);
    expect(uploaded).toMatchObject({ name, kind: 'image', folderId: source.id });

    // The grid of that folder shows it.
    await openFolder(page, source.name);
    const card = page.locator('[data-testid=material-card]', { hasText: name });
    await card.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=material-card]').length === 1);

    // Preview: the original image loads in the dialog; Esc closes it.
    await card.locator('[data-testid=material-preview-open]').click();
    const image = page.locator('[data-testid=material-preview-image]');
    await image.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=material-preview-image]') as HTMLImageElement | null)
          ?.naturalWidth === 64,
    );
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached' });

    // Details: the MD5 of the bytes, and a custom thumbnail uploaded from the drawer; Esc closes it.
    await card.locator('[data-testid=material-details-open]').click();
    const drawer = page.locator('[data-testid=material-details]');
    await drawer.locator('[data-testid=material-md5]', { hasText: uploaded.md5 }).waitFor();
    await drawer.locator('input[type=file]').setInputFiles({
      name: 'thumb.png',
      mimeType: 'image/png',
      buffer: makePng(20, 20, [0, 0, 0]),
    });
    await expectMessage(page, lang.thumbSaved);
    // Rename in place (the new name keeps the old one inside, so the card stays findable).
    await drawer.locator('.ant-typography-edit').click();
    await drawer.locator('textarea').fill(`renamed-${name}`);
    await drawer.locator('textarea').press('Enter');
    await expectMessage(page, lang.renamed);
    await drawer.locator('[data-testid=material-details-name]', { hasText: `renamed-${name}` }).waitFor();
    expect((await materialsIn(source.id)).map((m) => m.name)).toEqual([`renamed-${name}`]);
    await closeDrawer(page);
    await card.locator('img').waitFor();

    // A folder that holds something cannot be deleted; the refusal says why, in the page's language.
    await page.click('[data-testid=folder-delete]');
    await confirmDialog(page, '#folder-delete-ok');
    await expectMessage(page, lang.notEmpty, { error: true });
    expect((await folders()).some((f) => f.id === source.id)).toBe(true);

    // The list view is remembered over a reload; the name search (debounced) finds the material.
    await page.locator('[data-testid=material-view] .ant-segmented-item').nth(1).click();
    await page.locator('[data-testid=material-table] .ant-table-row', { hasText: name }).waitFor();
    await page.reload();
    await page.waitForSelector('[data-testid=material-table]');
    await page.fill('[data-testid=material-search]', name.replace('.png', ''));
    await page.waitForFunction((n) => {
      const rows = Array.from(document.querySelectorAll('[data-testid=material-table] .ant-table-row'));
      return rows.length === 1 && rows[0]!.textContent!.includes(n);
    }, name);
    await page.fill('[data-testid=material-search]', 'no-such-material-anywhere');
    await page.waitForSelector('[data-testid=material-table] .ant-table-placeholder');
    await page.fill('[data-testid=material-search]', '');
    await page.locator('[data-testid=material-view] .ant-segmented-item').nth(0).click();
    await openFolder(page, source.name);
    await card.waitFor();

    // Move it to the second folder through the bulk action.
    await card.locator('[data-testid=material-select]').check();
    await page.click('[data-testid=material-bulk-move]');
    await page.locator('[data-testid=folder-picker] .ant-tree-title', { hasText: target.name }).click();
    await confirmDialog(page, '#folder-pick-ok');
    await expectMessage(page, lang.moved);
    await card.waitFor({ state: 'detached' });
    expect(await materialsIn(source.id)).toEqual([]);
    expect((await materialsIn(target.id)).map((m) => m.id)).toEqual([uploaded.id]);

    // In the target folder: select it and press Delete; the confirmation deletes it.
    await openFolder(page, target.name);
    await card.waitFor();
    await card.locator('[data-testid=material-select]').check();
    await page.keyboard.press('Delete');
    await confirmDialog(page, '#material-delete-ok');
    await expectMessage(page, lang.deleted);
    await card.waitFor({ state: 'detached' });
    await page.waitForSelector('[data-testid=material-empty]');
    expect(await materialsIn(target.id)).toEqual([]);

    // The emptied folder can go too.
    await page.click('[data-testid=folder-delete]');
    await confirmDialog(page, '#folder-delete-ok');
    await expectMessage(page, lang.folderDeleted);
    expect((await folders()).some((f) => f.id === target.id)).toBe(false);

    // Only the refused folder delete (409) may show in the console.
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it('shows the library read-only to a user without add, edit or delete rights', async () => {
    const shown = await upload('e2e-viewer.png', makePng(16, 16, [90, 90, 90]), null);
    const { context, page, errors } = await openPage('US', VIEWER);
    const card = page.locator('[data-testid=material-card]', { hasText: 'e2e-viewer.png' });
    await card.waitFor();
    await page.waitForSelector('[data-testid=material-capacity]');
    // No uploader, and the changing controls are disabled with the 'no permission' hint.
    expect(await page.locator('[data-testid=material-upload-drop]').count()).toBe(0);
    for (const control of ['folder-create', 'material-bulk-move', 'material-bulk-delete']) {
      expect(await page.locator(`[data-testid=${control}]`).isDisabled()).toBe(true);
    }
    expect(await page.locator('[data-testid=no-permission]').count()).toBeGreaterThan(2);
    // Selecting and pressing Delete does nothing without the right.
    await card.locator('[data-testid=material-select]').check();
    await page.keyboard.press('Delete');
    await page.waitForTimeout(300);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
    await suite.api('/a/api/material/delete', { ids: [shown.id] });
  });

  it('loads the date-range filter after the page is drawn, in the stand-in’s place, and filters by it', async () => {
    const shown = await upload('e2e-dated.png', makePng(16, 16, [30, 120, 200]), null);
    const { context, page, errors } = await openPage('US');
    await page.locator('[data-testid=material-card]', { hasText: 'e2e-dated.png' }).waitFor();
    // The page the console opens with does not play the page-switch animation (it would start
    // at opacity 0 and delay the page's largest paint).
    const duration = await page.$eval('[data-testid=page-content]', (el) =>
      (el as HTMLElement).style.getPropertyValue('--animate-duration'),
    );
    expect(duration).toBe('0s');
    // The page was drawn without antd's date picker; its chunk comes once the page is idle.
    // (The stand-in may already be gone: here the page is idle as soon as it is drawn.)
    const standIn = await page
      .locator('.ant-input-affix-wrapper:has([data-testid=material-filter-date-standin])')
      .boundingBox({ timeout: 100 })
      .catch(() => null);
    const picker = page.locator('.ant-picker-range:has([data-testid=material-filter-date])');
    await picker.waitFor();
    expect(await page.locator('[data-testid=material-filter-date-standin]').count()).toBe(0);
    // Same place and size: nothing in the toolbar moved when it came.
    const box = await picker.boundingBox();
    if (standIn) expect(box).toEqual(standIn);
    // A range that ended two days ago hides today's upload; clearing it shows it again.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await picker.locator('input').first().click();
    await picker.locator('input').first().fill(day(-30));
    await page.keyboard.press('Enter');
    await picker.locator('input').nth(1).fill(day(-2));
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=material-empty]');
    await page.click('[data-testid=material-filter-reset]');
    await page.locator('[data-testid=material-card]', { hasText: 'e2e-dated.png' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
    await suite.api('/a/api/material/delete', { ids: [shown.id] });
  });

  it('moves the selected cards by dragging them onto a folder', async () => {
    const folder = await suite.api<{ id: number }>('/a/api/material/folder/save', {
      parentId: null,
      name: 'E2E drop target',
    });
    const one = await upload('e2e-drag-1.png', makePng(8, 8, [1, 2, 3]), null);
    const two = await upload('e2e-drag-2.png', makePng(8, 8, [3, 2, 1]), null);
    const { context, page, errors } = await openPage('US');
    const first = page.locator('[data-testid=material-card]', { hasText: 'e2e-drag-1.png' });
    const second = page.locator('[data-testid=material-card]', { hasText: 'e2e-drag-2.png' });
    await first.locator('[data-testid=material-select]').check();
    await second.locator('[data-testid=material-select]').check();
    await first.dragTo(page.locator(`[data-testid=folder-drop-target][data-folder-id="${folder.id}"]`));
    await expectMessage(page, '2 material(s) moved');
    expect((await materialsIn(folder.id)).map((m) => m.id).sort()).toEqual([one.id, two.id].sort());
    expect(errors).toEqual([]);
    await context.close();
    await suite.api('/a/api/material/delete', { ids: [one.id, two.id] });
    await suite.api('/a/api/material/folder/delete', { id: folder.id });
  });

  it('shows the processing progress of a video, polled, until it is ready', async () => {
    // An MPEG-4 Part 2 AVI, which terminals cannot play: the server transcodes it, with progress.
    const dir = mkdtempSync(path.join(tmpdir(), 'apm-e2e-video-'));
    const file = path.join(dir, 'e2e-progress.avi');
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=30:size=1280x720:rate=25'],
      ...['-c:v', 'mpeg4', '-q:v', '5', file],
    ]);
    const { context, page, errors } = await openPage('US');
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/a/api/file/convertProgress')) polls.push(r.url());
    });
    const video = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      'e2e-progress.avi',
      readFileSync(file),
      null,
      'video/x-msvideo',
    );
    rmSync(dir, { recursive: true, force: true });
    await page.reload();
    const card = page.locator('[data-testid=material-card]', { hasText: 'e2e-progress.avi' });
    await card.locator('[data-testid=material-progress]').waitFor();
    // Once done, the bar goes and the probed facts show (the list reloads by itself).
    await card.locator('[data-testid=material-progress]').waitFor({ state: 'detached', timeout: 120_000 });
    await card.locator('[data-testid=material-meta]', { hasText: '1280×720' }).waitFor();
    expect(polls.length).toBeGreaterThan(0);
    expect(polls[0]).toContain(`ids=${video.id}`);
    expect(errors).toEqual([]);
    await context.close();
    await suite.api('/a/api/material/delete', { ids: [video.id] });
  }, 180_000);
});
