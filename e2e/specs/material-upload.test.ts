import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MATERIAL_UPLOAD_CHUNK_BYTES as CHUNK } from '../../packages/contract/src/material.js';
import { addSession, prepareConsolePage } from '../support/session.js';
import { ADMIN, adminSuite, openPage, WIDE_VIEWPORT } from '../support/suite.js';

const DROP = '[data-testid=material-upload-drop]';
const TASK = '[data-testid=material-upload-task]';

/**
 * What the uploader shows in Chinese, the language the flow runs in: a string the console forgot to translate
 * would show there (the material page in English is checked by the material management spec).
 */
const CHINESE = { cookie: 'CN', done: '已上传', instant: '秒传', cancelled: '已取消' };

/** Files the page builds: a video of `size` pseudo-random bytes after an MP4 header, a real PNG, a real PDF. */
interface FileSpec {
  name: string;
  kind: 'mp4' | 'png' | 'pdf';
  size: number;
  /** Makes the bytes unique (so that a first upload is never an instant one). */
  seed: string;
}

/** A 1×1 PNG; bytes after IEND are ignored by decoders. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = [
  '%PDF-1.4',
  '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
  '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
  '3 0 obj<</Type/Page/MediaBox[0 0 200 200]/Parent 2 0 R>>endobj',
  'trailer<</Root 1 0 R>>',
  '%%EOF',
  '',
].join('\n');

/** Builds the File objects inside the page (same bytes for the same spec) into a DataTransfer. */
async function dataTransfer(page: Page, files: FileSpec[]) {
  return page.evaluateHandle(
    ({ specs, png, pdf }) => {
      const text = (value: string) => new TextEncoder().encode(value);
      const transfer = new DataTransfer();
      for (const spec of specs) {
        let bytes: Uint8Array<ArrayBuffer>;
        if (spec.kind === 'mp4') {
          bytes = new Uint8Array(spec.size);
          let x = [...spec.seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 2166136261) || 1;
          for (let i = 0; i < bytes.length; i++) {
            x ^= x << 13;
            x ^= x >>> 17;
            x ^= x << 5;
            bytes[i] = x & 0xff;
          }
          bytes.set([0, 0, 0, 0x20, ...text('ftypisom'), 0, 0, 2, 0, ...text('isomiso2avc1mp41')]);
        } else if (spec.kind === 'png') {
          bytes = new Uint8Array([...Uint8Array.from(atob(png), (c) => c.charCodeAt(0)), ...text(spec.seed)]);
        } else {
          bytes = text(`${pdf}% ${spec.seed}\n`);
        }
        const type = { mp4: 'video/mp4', png: 'image/png', pdf: 'application/pdf' }[spec.kind];
        transfer.items.add(new File([bytes], spec.name, { type }));
      }
      return transfer;
    },
    { specs: files, png: PNG, pdf: PDF },
  );
}

/** Drops files on the drop zone the way a browser does: dragenter, dragover, drop. */
async function drop(page: Page, files: FileSpec[]) {
  const transfer = await dataTransfer(page, files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page.dispatchEvent(DROP, type, { dataTransfer: transfer });
  }
}

const row = (page: Page, name: string) => page.locator(`${TASK}[data-name="${name}"]`);

/** Waits until a file's task has ended (done, instant, failed or cancelled). */
const settled = (page: Page, name: string) =>
  page.waitForFunction(
    (n) =>
      /^(done|instant|failed|cancelled)$/.test(
        document.querySelector(`[data-name="${n}"]`)?.getAttribute('data-state') ?? '',
      ),
    name,
    { timeout: 45_000 },
  );

/** A task's end state and the failure shown, if any. */
const outcome = async (page: Page, name: string) => ({
  state: await row(page, name).getAttribute('data-state'),
  error: (await row(page, name).locator('[data-testid=material-upload-error]').count())
    ? await row(page, name).locator('[data-testid=material-upload-error]').textContent()
    : null,
});

describe('material uploader', () => {
  const suite = adminSuite();

  const materialNames = async (keyword: string) =>
    (
      await suite.api<{ list: { name: string }[] }>(
        `/a/api/material/list?pageSize=100&keyword=${encodeURIComponent(keyword)}`,
      )
    ).list.map((m) => m.name);

  /** The material page signed in as the administrator; `watch` gets the page before it loads anything. */
  const openUploader = async (language: string, watch: (page: Page) => void) => {
    const opened = await openPage(suite, { language, viewport: WIDE_VIEWPORT });
    watch(opened.page);
    await addSession(opened.context, suite.server.url, ADMIN.user, ADMIN.password);
    await prepareConsolePage(opened.page);
    await opened.page.goto(`${suite.server.url}/resManage/myRes`);
    await opened.page.waitForSelector(DROP);
    return opened;
  };

  it('drops files with progress, uploads a duplicate instantly, cancels one', async () => {
    const lang = CHINESE;
    const tusRequests: string[] = [];
    const { context, page, errors } = await openUploader(lang.cookie, (watched) =>
      watched.on('request', (request) => {
        if (request.url().includes('/a/api/file/tus/')) tusRequests.push(request.method());
      }),
    );

    // Every progress value the rows and the overall bar show, in order.
    await page.evaluate(() => {
      const seen: { name: string; state: string; percent: number }[] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          const el = m.target as HTMLElement;
          if (!el.dataset.percent) continue;
          seen.push({
            name: el.dataset.name ?? 'overall',
            state: el.dataset.state ?? '',
            percent: +el.dataset.percent,
          });
        }
      }).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-percent', 'data-state'],
      });
    });

    const tag = `${lang.cookie.toLowerCase()}-${Date.now()}`;
    const video = {
      name: `clip-${tag}.mp4`,
      kind: 'mp4',
      // Several chunks, so that the bar visibly moves between PATCHes however fast loopback is.
      size: 2.5 * CHUNK,
      seed: `v${tag}`,
    } as const;
    const image = { name: `logo-${tag}.png`, kind: 'png', size: 0, seed: `i${tag}` } as const;
    const pdf = { name: `flyer-${tag}.pdf`, kind: 'pdf', size: 0, seed: `p${tag}` } as const;
    await drop(page, [video, image, pdf]);
    for (const spec of [video, image, pdf]) {
      await settled(page, spec.name);
      expect(await outcome(page, spec.name)).toEqual({ state: 'done', error: null });
      await row(page, spec.name).locator(`.ant-tag:has-text("${lang.done}")`).waitFor();
    }
    expect(await materialNames(tag)).toEqual(expect.arrayContaining([video.name, image.name, pdf.name]));
    // The video's bar went through hashing, then rose through the upload.
    const seen = await page.evaluate(
      () => (window as unknown as { seen: { name: string; state: string; percent: number }[] }).seen,
    );
    const uploading = seen
      .filter((s) => s.name === video.name && s.state === 'uploading')
      .map((s) => s.percent);
    const between = uploading.filter((p) => p > 0 && p < 100);
    expect(between.length).toBeGreaterThanOrEqual(2);
    expect(uploading).toEqual([...uploading].sort((a, b) => a - b));
    const hashing = seen.filter((s) => s.name === video.name && s.state === 'hashing').map((s) => s.percent);
    expect(hashing.some((p) => p > 0 && p < 100)).toBe(true);
    expect(seen.filter((s) => s.name === 'overall').some((s) => s.percent > 0 && s.percent < 100)).toBe(true);
    expect(tusRequests.filter((m) => m === 'PATCH').length).toBeGreaterThanOrEqual(3);

    // The same video again, chosen with the file input: linked at once, no bytes sent.
    const before = tusRequests.length;
    const sameVideo = await (
      await dataTransfer(page, [{ ...video, name: `again-${video.name}` }])
    ).evaluateHandle((t: DataTransfer) => t.files);
    await page.locator('[data-testid=material-upload-input]').evaluate((input: HTMLInputElement, files) => {
      input.files = files as FileList;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }, sameVideo);
    await settled(page, `again-${video.name}`);
    expect(await outcome(page, `again-${video.name}`)).toEqual({ state: 'instant', error: null });
    await row(page, `again-${video.name}`).locator(`.ant-tag:has-text("${lang.instant}")`).waitFor();
    expect(tusRequests.slice(before)).toEqual([]);
    expect(await materialNames(`again-${video.name}`)).toEqual([`again-${video.name}`]);

    // Cancel an upload in flight: its PATCHes are held back so it stays uploading until cancelled.
    const big = { name: `big-${tag}.mp4`, kind: 'mp4', size: 24 * 1024 * 1024, seed: `b${tag}` } as const;
    await page.route('**/a/api/file/tus/**', async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 3000));
      await route.continue().catch(() => undefined);
    });
    await drop(page, [big]);
    await page.locator(`${TASK}[data-name="${big.name}"][data-state="uploading"]`).waitFor();
    await row(page, big.name).locator('[data-testid=material-upload-cancel]').click();
    await row(page, big.name).locator(`.ant-tag:has-text("${lang.cancelled}")`).waitFor();
    await page.unroute('**/a/api/file/tus/**');
    // Terminated on the server: the partial file is dropped, no material appears.
    // The client sends its DELETE once the held-back request has settled: seconds on a loaded machine.
    await expect.poll(() => tusRequests.includes('DELETE'), { timeout: 15_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await materialNames(big.name)).toEqual([]);
    await expect(row(page, big.name).getAttribute('data-state')).resolves.toBe('cancelled');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows why a file was refused and does not resend it; an empty file is refused before any request', async () => {
    const tusRequests: string[] = [];
    const { context, page } = await openUploader('US', (watched) =>
      watched.on('request', (request) => {
        if (request.url().includes('/a/api/file/tus/')) tusRequests.push(request.method());
      }),
    );
    const transfer = await page.evaluateHandle((stamp) => {
      const t = new DataTransfer();
      t.items.add(new File([`just some words ${stamp}`], `notes-${stamp}.txt`, { type: 'text/plain' }));
      t.items.add(new File([], `empty-${stamp}.png`, { type: 'image/png' }));
      return t;
    }, String(Date.now()));
    const names = await transfer.evaluate((t: DataTransfer) => Array.from(t.files, (f) => f.name));
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await page.dispatchEvent(DROP, type, { dataTransfer: transfer });
    }
    const [text, empty] = names as [string, string];
    await settled(page, text);
    await settled(page, empty);
    // The server's reason (content, not name, decides the type), shown as it came.
    const refused = await outcome(page, text);
    expect(refused.state).toBe('failed');
    expect(refused.error).toMatch(/plain text/i);
    expect(await outcome(page, empty)).toEqual({ state: 'failed', error: 'Empty file (0 bytes)' });
    // One creation and one PATCH: a 4xx is not retried.
    expect(tusRequests.filter((m) => m === 'POST')).toHaveLength(1);
    expect(tusRequests.filter((m) => m === 'PATCH')).toHaveLength(1);
    await expect(row(page, text).locator('[data-testid=material-upload-retry]').count()).resolves.toBe(1);
    expect(await materialNames(text)).toEqual([]);
    await context.close();
  });
  it('resumes an upload after a page reload from where the server stopped', async () => {
    const patches: number[] = [];
    const heads: string[] = [];
    const { context, page, errors } = await openUploader('US', (watched) =>
      watched.on('request', (request) => {
        if (!request.url().includes('/a/api/file/tus/')) return;
        if (request.method() === 'PATCH') patches.push(Number(request.headers()['upload-offset']));
        if (request.method() === 'HEAD') heads.push(request.url());
      }),
    );
    const tag = `resume-${Date.now()}`;
    const video = { name: `${tag}.mp4`, kind: 'mp4', size: 2.5 * CHUNK, seed: tag } as const;

    // The first chunk goes through; the second is held until the page is gone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/a/api/file/tus/**', async (route) => {
      if (route.request().method() === 'PATCH' && Number(route.request().headers()['upload-offset']) > 0) {
        await held;
        return route.abort().catch(() => undefined);
      }
      await route.continue().catch(() => undefined);
    });
    await drop(page, [video]);
    // Intercepted requests carry their 32 MiB bodies through the DevTools protocol: slow on a busy machine.
    await expect.poll(() => patches.length, { timeout: 60_000 }).toBe(2);
    expect(patches).toEqual([0, CHUNK]);
    await page.reload();
    release();
    await page.unroute('**/a/api/file/tus/**');
    await page.waitForSelector(DROP);
    patches.length = 0;

    // The same file again: the stored upload URL is found, HEAD answers the offset, the rest follows.
    await drop(page, [video]);
    await settled(page, video.name);
    expect(await outcome(page, video.name)).toEqual({ state: 'done', error: null });
    expect(heads).toHaveLength(1);
    expect(patches).toEqual([CHUNK, 2 * CHUNK]);
    expect(await materialNames(tag)).toEqual([video.name]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
