/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The preview part: the editor's preview of a program of every widget type against a paired web player of the
 * same size, both at the same fixed time, screenshot and compared pixel by pixel; and the inherited styles of
 * each widget in both pages.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { uploadMaterial } from '../../e2e/support/materials.js';
import { consoleContext, newContext, openEditor } from './editor-page.js';
import { comparePngs, type Rect } from './pixel-diff.js';
import { CANVAS, everyTypeWidgets, MASKED_TYPES, saveProgram, type Widget } from './programs.js';
import { makeMedia } from './server.js';
import type { Run } from './settings.js';
import { round } from './stats.js';

/** The size both the preview box and the player's window are made to have. */
const SHOT = { width: 960, height: 540 };

/** Uploads ffmpeg's pattern, clip and tone ({@link makeMedia}) and waits until the server has processed them. */
async function uploadMedia({ baseUrl, cookie, api, outDir }: Run) {
  const media = makeMedia(outDir);
  const uploads = {
    image: await uploadMaterial(baseUrl, cookie, 'bench pattern.png', media.png, null),
    video: await uploadMaterial(baseUrl, cookie, 'bench clip.mp4', media.mp4, null, 'video/mp4'),
    audio: await uploadMaterial(baseUrl, cookie, 'bench tone.m4a', media.m4a, null, 'audio/mp4'),
  };
  for (const material of Object.values(uploads)) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { processState } = await api<{ processState: string }>(
        `/a/api/material/detail?id=${material.id}`,
      );
      if (processState === 'done') break;
      if (processState === 'failed' || Date.now() > deadline)
        throw new Error(`material ${material.name}: processing ${processState}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return uploads;
}

/**
 * Waits (at most 30 s, then goes on with a warning) until every image under `root` has loaded and every video
 * widget can show a frame (the live widget's stream cannot load here).
 */
const mediaSettled = (page: Page, root: string) =>
  page
    .waitForFunction(
      (sel) => {
        const scope = document.querySelector(sel);
        if (!scope) return false;
        const images = [...scope.querySelectorAll('img')];
        const videos = [...scope.querySelectorAll<HTMLVideoElement>('.apm-widget-video video')];
        return (
          images.every((i) => i.complete && i.naturalWidth > 0) && videos.every((v) => v.readyState >= 2)
        );
      },
      root,
      { timeout: 30_000 },
    )
    .catch(() => console.error(`${root}: media not all loaded after 30 s`));

/** The inherited styles of each widget under `root`, by widget id. */
const inheritedStyles = (page: Page, root: string) =>
  page.evaluate((sel) => {
    const inherited = ['lineHeight', 'fontFamily', 'letterSpacing', 'wordSpacing', 'textRendering'] as const;
    const out: Record<string, Record<string, string>> = {};
    for (const el of document.querySelectorAll<HTMLElement>(`${sel} [data-widget-id]`)) {
      const style = getComputedStyle(el);
      out[el.dataset.widgetId!] = Object.fromEntries(inherited.map((k) => [k, style[k]]));
    }
    return out;
  }, root);

/** Compares the editor's preview of a program of every widget type with a web player's; answers the figures. */
export async function comparePreview(run: Run) {
  const { browser, baseUrl, api, outDir } = run;
  const uploads = await uploadMedia(run);
  const widgets = everyTypeWidgets({
    image: uploads.image.id,
    video: uploads.video.id,
    audio: uploads.audio.id,
  });
  const programId = await saveProgram(api, 'Bench every widget', widgets, uploads.image.id);
  // Both renderings see the same fixed time: clocks and countdowns show the same.
  const fixedAt = Math.floor(Date.now() / 1000) * 1000;

  // (a) The editor's preview modal, with the window sized so that the preview box is SHOT.
  const editorViewport = {
    width: Math.round((SHOT.width + 48) / 0.8),
    height: Math.ceil(SHOT.height / 0.65),
  };
  const consoleCtx = await consoleContext(browser, baseUrl, editorViewport);
  await consoleCtx.clock.setFixedTime(fixedAt);
  const { page: editor } = await openEditor(consoleCtx, run, programId, widgets.length);
  const previewBox = editor.getByTestId('program-preview');
  let box = { width: 0, height: 0, x: 0, y: 0 };
  for (let attempt = 0; attempt < 3; attempt++) {
    await editor.getByTestId('editor-preview').click();
    await previewBox.locator('.apm-widget-text').first().waitFor();
    box = (await previewBox.boundingBox())!;
    if (box.width === SHOT.width && box.height === SHOT.height) break;
    await editor.keyboard.press('Escape');
    await previewBox.waitFor({ state: 'detached' });
    editorViewport.width += Math.round((SHOT.width - box.width) / 0.8);
    editorViewport.height += Math.round((SHOT.height - box.height) / 0.65);
    await editor.setViewportSize(editorViewport);
  }
  console.error(
    `preview box ${box.width}×${box.height} at ${box.x},${box.y} in a ${editorViewport.width}×${editorViewport.height} window`,
  );
  const shot = { width: Math.round(box.width), height: Math.round(box.height) };

  // (b) A web player of the same size, paired, the program published to it.
  const playerCtx = await newContext(browser, shot);
  await playerCtx.clock.setFixedTime(fixedAt);
  const player = await playerCtx.newPage();
  player.setDefaultTimeout(60_000);
  await player.goto(`${baseUrl}/player/`);
  const code = (await player.getByTestId('pairing-code').textContent())!.trim();
  await player.waitForSelector('[data-testid=player-connection][data-state=open]', { state: 'attached' });
  const { office } = await api<{ office: { id: number } }>('/a/api/user/getUserInfo');
  const claimed = await api<{ terminalIds: number[] }>('/a/api/terminal/updateTerminalOffice', {
    pairingCode: code,
    officeId: office.id,
    name: 'Bench player',
  });
  await api('/a/api/publishProgram/saveTerminals', { programId, terminalIds: claimed.terminalIds });
  await player.locator('[data-testid=player-screen][data-view=playing] .apm-widget-text').first().waitFor();
  await player.addStyleTag({ content: '#status-dot{display:none!important}' });

  await mediaSettled(editor, '[data-testid=program-preview]');
  await mediaSettled(player, '[data-testid=player-stage]');
  // Fonts, the QR codes and the failed look-ups (weather, web, live) settle.
  await Promise.all([editor.waitForTimeout(3000), player.waitForTimeout(0)]);
  await editor.mouse.move(0, 0);
  const [previewPng, playerPng] = await Promise.all([
    previewBox.screenshot({ animations: 'disabled', caret: 'hide' }),
    player.screenshot({ animations: 'disabled', caret: 'hide' }),
  ]);
  writeFileSync(path.join(outDir, 'preview.png'), previewPng);
  writeFileSync(path.join(outDir, 'player.png'), playerPng);

  const s = shot.width / CANVAS.w;
  const boxOf = (w: Widget): Rect => ({
    x: Math.floor(w.x * s) - 2,
    y: Math.floor(w.y * s) - 2,
    w: Math.ceil(w.w * s) + 4,
    h: Math.ceil(w.h * s) + 4,
  });
  const masks = widgets.filter((w) => MASKED_TYPES.has(w.type)).map(boxOf);
  const boxes = Object.fromEntries(widgets.map((w) => [`${w.id} (${w.type})`, boxOf(w)]));
  // What the host page lets through: inherited styles of each widget that differ between the two pages.
  const [previewStyles, playerStyles] = await Promise.all([
    inheritedStyles(editor, '[data-testid=program-preview]'),
    inheritedStyles(player, '[data-testid=player-stage]'),
  ]);
  const styleDifferences = Object.entries(previewStyles).flatMap(([id, css]) =>
    Object.entries(css)
      .filter(([k, v]) => playerStyles[id]?.[k] !== v)
      .map(([k, v]) => ({
        widget: id,
        property: k,
        preview: v.slice(0, 40),
        player: (playerStyles[id]?.[k] ?? '—').slice(0, 40),
      })),
  );
  const comparer = await playerCtx.newPage();
  const result = await comparePngs(comparer, previewPng, playerPng, masks, boxes);
  writeFileSync(path.join(outDir, 'diff.png'), Buffer.from(result.diffPng, 'base64'));
  const total = result.width * result.height;
  await Promise.all([consoleCtx.close(), playerCtx.close()]);
  return {
    size: `${result.width}×${result.height}`,
    differingPixels: result.differing,
    differingShare: `${round((100 * result.differing) / total, 3)} %`,
    differingOutsideMasks: result.differingOutsideMasks,
    differingShareOutsideMasks: `${round((100 * result.differingOutsideMasks) / result.pixelsOutsideMasks, 3)} %`,
    masked: [...MASKED_TYPES].join(', '),
    perWidget: result.perWidget,
    styleDifferences,
    images: outDir,
  };
}
