import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectMessage } from '../support/antd.js';
import { describeViolations, scanPage } from '../support/axe.js';
import { makePng, uploadMaterial } from '../support/materials.js';
import { blankProgram } from '../support/programs.js';
import { prepareConsolePage } from '../support/session.js';
import { claimTerminal, openPlayer, pairingCode, waitForConnection } from '../support/player.js';
import { adminSuite, openSignedInPage } from '../support/suite.js';

interface Widget {
  id: string;
  type: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rotation: number;
  props: Record<string, unknown>;
}
interface Detail {
  id: number;
  revision: number;
  reviewState: string;
  materialIds: number[];
  document: { scenes: { widgets: Widget[] }[] };
}

const stamp = Date.now().toString(36);

/** A short H.264 clip made by ffmpeg, as a file's bytes. */
function makeVideo(): Buffer {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'apm-e2e-editor-')), 'clip.mp4');
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x180:rate=10'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', file],
  ]);
  return readFileSync(file);
}

/** The canvas element of a widget. */
const onCanvas = (page: Page, id: string) =>
  page.locator(`[data-testid=editor-stage] [data-widget-id="${id}"]`);

/** Drags with the mouse from the centre of a box by dx, dy screen px, in steps. */
async function dragBy(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  dx: number,
  dy: number,
) {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

/** Picks the material whose name holds `name` in the library drawer the panel's add button opens. */
async function pickFromLibrary(page: Page, addButton: string, name: string) {
  await page.getByTestId(addButton).click();
  const drawer = page.getByTestId('material-drawer');
  await drawer.getByTestId('material-drawer-search').locator('input').fill(name);
  await drawer.getByTestId('material-drawer-search').locator('input').press('Enter');
  await drawer.getByTestId('material-pick-card').filter({ hasText: name }).click();
  await drawer.getByTestId('material-drawer-pick').click();
  await drawer.waitFor({ state: 'hidden' });
}

describe('program editor', () => {
  const suite = adminSuite();
  const detail = (id: number) => suite.api<Detail>(`/a/api/program/detail?id=${id}`);
  const created = async (name: string) =>
    (await suite.api<{ list: { id: number }[] }>(`/a/api/program/list?keyword=${encodeURIComponent(name)}`))
      .list[0]!.id;

  it('builds a program with the mouse, keys and the library, saves, reopens, previews and plays it on a player (US)', async () => {
    const image = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      `${stamp} poster.png`,
      makePng(64, 36, [200, 40, 40]),
      null,
    );
    const video = await uploadMaterial(
      suite.server.url,
      suite.cookie,
      `${stamp} clip.mp4`,
      makeVideo(),
      null,
      'video/mp4',
    );
    await expect
      .poll(
        async () =>
          (await suite.api<{ processState: string }>(`/a/api/material/detail?id=${video.id}`)).processState,
        {
          timeout: 60_000,
        },
      )
      .toBe('done');
    await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: true });
    try {
      const { context, page, errors } = await openSignedInPage(suite, {
        language: 'US',
        path: '/program/make',
      });
      const name = `${stamp} Editor lobby`;
      await page.click('[data-testid=program-create]');
      await page.fill('#programCreate_name', name);
      await page.click('[data-testid=program-create-canvas] >> text=1920 × 1080');
      await page.click('#program-create-save');
      await expectMessage(page, 'The program was created');
      await page.locator('.ant-table-row', { hasText: name }).getByTestId('program-open').click();
      await page.waitForURL(/\/programEditor\?id=\d+/);
      const id = await created(name);
      await page.getByTestId('editor-name').getByText(name).waitFor();

      // A text, typed in its panel.
      await page.getByTestId('editor-add-text').click();
      await page.getByTestId('text-content').fill('Welcome to the lobby');
      await expect
        .poll(() => page.locator('[data-testid=editor-stage] .apm-widget-text').innerText())
        .toContain('Welcome to the lobby');
      const textId = (await page
        .locator('[data-testid=editor-stage] .apm-widget-text')
        .getAttribute('data-widget-id'))!;

      // Move the text with the mouse: its canvas position changes by the drag over the zoom.
      const scale = Number(await page.getByTestId('editor-stage').getAttribute('data-scale'));
      const text = onCanvas(page, textId);
      const before = await text.evaluate((el) => [parseFloat(el.style.left), parseFloat(el.style.top)]);
      await dragBy(page, (await text.boundingBox())!, -150, -100);
      await expect
        .poll(() => text.evaluate((el) => [parseFloat(el.style.left), parseFloat(el.style.top)]))
        .not.toEqual(before);
      const moved = await text.evaluate((el) => [parseFloat(el.style.left), parseFloat(el.style.top)]);
      // Snapping may pull it a few canvas px: within 6 screen px of the pointer.
      expect(Math.abs(moved[0]! - (before[0]! - 150 / scale))).toBeLessThanOrEqual(6 / scale + 1);

      // Resize from the bottom-right handle, then rotate with the rotation handle.
      const width = await text.evaluate((el) => parseFloat(el.style.width));
      const corner = (await page.locator('.moveable-control.moveable-se').boundingBox())!;
      await dragBy(page, corner, 60, 20);
      await expect
        .poll(() => text.evaluate((el) => parseFloat(el.style.width)))
        .toBeGreaterThan(width + 60 / scale - 8);
      const handle = (await page.locator('.moveable-rotation-control').boundingBox())!;
      await dragBy(page, handle, 120, 90);
      await expect.poll(() => text.getAttribute('data-rotation')).not.toBe('0');

      // Undo the rotation and redo it from the keyboard.
      const rotated = await text.getAttribute('data-rotation');
      await page.keyboard.press('Control+z');
      await expect.poll(() => text.getAttribute('data-rotation')).toBe('0');
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => text.getAttribute('data-rotation')).toBe(rotated);

      // An image and a video from the material library.
      await page.getByTestId('editor-add-image').click();
      await pickFromLibrary(page, 'image-items-add', `${stamp} poster`);
      await page.getByTestId('image-items-item').first().waitFor();
      await page.getByTestId('editor-add-video').click();
      await pickFromLibrary(page, 'video-items-add', `${stamp} clip`);
      await page.getByTestId('video-items-item').first().waitFor();
      await expect.poll(() => page.getByTestId('editor-materials').innerText()).toBe('Materials: 2');

      // Save: the server has the document, waiting for review.
      await page.getByTestId('editor-save').click();
      await expectMessage(page, 'The program was saved');
      await page.getByTestId('editor-save-state').getByText('All changes saved').waitFor();
      const saved = await detail(id);
      const widgets = saved.document.scenes[0]!.widgets;
      expect(widgets.map((w) => w.type)).toEqual(['text', 'image', 'video']);
      expect(saved.materialIds.sort()).toEqual([image.id, video.id].sort());
      expect(saved.reviewState).toBe('pending');
      expect(widgets[0]!.rotation).toBe(Number(rotated));

      // Reopen: the same widgets are there; undo after a save goes back past it.
      await page.reload();
      await page.getByTestId('editor-layer').nth(2).waitFor();
      expect(await page.getByTestId('editor-layer').count()).toBe(3);

      // The editor passes the accessibility scan (WCAG 2.1 A/AA: no critical or serious violation).
      const violations = await scanPage(page, 'program editor');
      expect(violations, describeViolations(violations)).toEqual([]);

      // Preview: the shared renderer plays the document.
      await page.getByTestId('editor-preview').click();
      await page
        .getByTestId('program-preview')
        .locator('.apm-widget-text')
        .getByText('Welcome to the lobby')
        .waitFor();
      await page.keyboard.press('Escape');

      // Approved, then published to a paired web player, which plays it.
      await suite.api('/a/api/review/program/approve', { ids: [id] });
      const { office } = await suite.api<{ office: { id: number } }>('/a/api/user/getUserInfo');
      const player = await openPlayer(suite.browser, suite.server.url);
      const code = await pairingCode(player.page);
      await waitForConnection(player.page, 'open');
      const terminalId = await claimTerminal(
        suite.server.url,
        suite.cookie,
        code,
        office.id,
        `Editor screen ${stamp}`,
      );
      await suite.api('/a/api/publishProgram/saveTerminals', { programId: id, terminalIds: [terminalId] });
      await player.page
        .locator('.apm-widget-text')
        .getByText('Welcome to the lobby')
        .waitFor({ timeout: 30_000 });

      expect(errors, errors.join('\n')).toEqual([]);
      await player.context.close();
      await context.close();
    } finally {
      await suite.api('/a/api/sysSetting/save', { key: 'auditOpen', value: false });
    }
  });

  it('refuses a second editor’s save over the first, which may then overwrite (US)', async () => {
    const name = `${stamp} Two editors`;
    const doc = blankProgram(name, { w: 1280, h: 720 });
    const { id } = await suite.api<{ id: number }>('/a/api/program/save', { document: doc });
    const first = await openSignedInPage(suite, {
      language: 'US',
      path: `/programEditor?id=${id}`,
      outsideShell: true,
    });
    const second = await openSignedInPage(suite, {
      language: 'US',
      path: `/programEditor?id=${id}`,
      outsideShell: true,
    });
    for (const { page } of [first, second]) await page.getByTestId('editor-name').getByText(name).waitFor();

    await first.page.getByTestId('editor-add-qrcode').click();
    await first.page.keyboard.press('Control+s');
    await expectMessage(first.page, 'The program was saved');

    await second.page.getByTestId('editor-add-clock').click();
    await second.page.getByTestId('editor-save').click();
    await second.page.getByTestId('editor-conflict').getByText('Revision 2 was saved').waitFor();
    expect((await detail(id)).document.scenes[0]!.widgets.map((w) => w.type)).toEqual(['qrcode']);

    await second.page.getByTestId('editor-conflict-overwrite').click();
    await expectMessage(second.page, 'The program was saved');
    const after = await detail(id);
    expect(after.revision).toBe(3);
    expect(after.document.scenes[0]!.widgets.map((w) => w.type)).toEqual(['clock']);

    // The refused save is the only failed request.
    expect(first.errors).toEqual([]);
    expect(second.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('keeps a draft of unsaved work, offers it on reopening, and asks before leaving unsaved (US)', async () => {
    const name = `${stamp} Drafted`;
    const { id } = await suite.api<{ id: number }>('/a/api/program/save', { document: blankProgram(name) });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: `/programEditor?id=${id}`,
      outsideShell: true,
    });
    await page.getByTestId('editor-add-clock').click();
    await page.getByTestId('editor-scene-add').click();
    await expect.poll(() => page.getByTestId('editor-scene').count()).toBe(2);
    // The draft is written a second after the last change; the tab then goes away unsaved.
    await page.waitForTimeout(1500);
    await page.close();

    const again = await context.newPage();
    await prepareConsolePage(again);
    await again.goto(`${suite.server.url}/programEditor?id=${id}`);
    await again.getByTestId('editor-draft-restore').click();
    await expect.poll(() => again.getByTestId('editor-scene').count()).toBe(2);
    await again.getByTestId('editor-save-state').getByText('Unsaved changes').waitFor();

    // Leaving asks first; staying keeps the work.
    await again.getByTestId('editor-back').click();
    await again.getByText('Leave without saving?').waitFor();
    await again.getByRole('button', { name: 'Stay' }).click();
    expect(new URL(again.url()).pathname).toBe('/programEditor');
    await again.getByTestId('editor-save').click();
    await expectMessage(again, 'The program was saved');
    const saved = await detail(id);
    expect(saved.document.scenes).toHaveLength(2);
    expect(saved.document.scenes[0]!.widgets.map((w) => w.type)).toEqual(['clock']);

    expect(errors).toEqual([]);
    await context.close();
  });
  it('moves a rubber-band selection as a group, nudges it from the keyboard and pastes it into another scene (US)', async () => {
    const name = `${stamp} Group`;
    const qr = (id: string, x: number, y: number) => ({
      id,
      type: 'qrcode',
      x,
      y,
      w: 200,
      h: 200,
      rotation: 0,
      z: 1,
      props: { text: id, foreground: '#000000', background: '#ffffff', margin: 1 },
    });
    const doc = blankProgram(name);
    doc.scenes[0]!.widgets = [qr('left', 300, 300), qr('right', 700, 400)] as never[];
    const { id } = await suite.api<{ id: number }>('/a/api/program/save', { document: doc });
    const { context, page, errors } = await openSignedInPage(suite, {
      language: 'US',
      path: `/programEditor?id=${id}`,
      outsideShell: true,
    });
    await page.getByTestId('editor-name').getByText(name).waitFor();
    const left = onCanvas(page, 'left');
    const right = onCanvas(page, 'right');
    const positions = () =>
      Promise.all(
        [left, right].map((w) => w.evaluate((el) => [parseFloat(el.style.left), parseFloat(el.style.top)])),
      );

    // A rubber band from the canvas's top-left corner around both.
    const stage = (await page.getByTestId('editor-stage').boundingBox())!;
    const end = (await right.boundingBox())!;
    await page.mouse.move(stage.x + 5, stage.y + 5);
    await page.mouse.down();
    await page.mouse.move(end.x + end.width + 5, end.y + end.height + 5, { steps: 8 });
    await page.mouse.up();
    await page.getByTestId('editor-status').getByText('Selected: 2').waitFor();

    // Dragging one drags both by the same offset; with snapping off it is the pointer's.
    await page.getByTestId('editor-snapping').click();
    const scale = Number(await page.getByTestId('editor-stage').getAttribute('data-scale'));
    await dragBy(page, (await left.boundingBox())!, 100, 50);
    await expect.poll(positions).not.toEqual([
      [300, 300],
      [700, 400],
    ]);
    const [[lx, ly], [rx, ry]] = (await positions()) as [[number, number], [number, number]];
    expect(rx - lx).toBe(400);
    expect(ry - ly).toBe(100);
    expect(Math.abs(lx - (300 + 100 / scale))).toBeLessThanOrEqual(1);

    // Shift+arrow: 10 px; one undo step takes the nudge back.
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(positions).toEqual([
      [lx + 10, ly],
      [rx + 10, ry],
    ]);
    await page.keyboard.press('Control+z');
    await expect.poll(positions).toEqual([
      [lx, ly],
      [rx, ry],
    ]);

    // Copy, a new scene, paste: the same two widgets at the same places there.
    await page.keyboard.press('Control+c');
    await page.getByTestId('editor-scene-add').click();
    await expect.poll(() => page.locator('[data-testid=editor-stage] [data-widget-id]').count()).toBe(0);
    await page.keyboard.press('Control+v');
    await expect.poll(() => page.locator('[data-testid=editor-stage] [data-widget-id]').count()).toBe(2);
    await page.keyboard.press('Control+s');
    await expectMessage(page, 'The program was saved');
    const saved = await detail(id);
    const placed = (i: number) => saved.document.scenes[i]!.widgets.map((w) => [w.x, w.y]);
    expect(placed(1)).toEqual(placed(0));

    expect(errors).toEqual([]);
    await context.close();
  });
});
