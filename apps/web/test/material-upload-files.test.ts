import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  collectDropped,
  inputFiles,
  takeDropSources,
  walkEntry,
  type DropItem,
  type WalkEntry,
} from '../src/pages/materials/upload/drop-entries';
import { md5OfBlob } from '../src/pages/materials/upload/md5-hash';
import { namespaceFolder } from '../src/locales/page-messages';
import english from '../src/pages/materials/upload/locales/en-US';
import { ACTIVE_STATES, FINAL_STATES } from '../src/pages/materials/upload/upload-tasks';

const file = (name: string, text = name) => new File([text], name);

/** A file entry as the browser hands it over (callback style). */
const fileEntry = (fullPath: string): WalkEntry => {
  const name = fullPath.split('/').pop()!;
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok: (f: File) => void) => setTimeout(() => ok(file(name)), 0),
  } as WalkEntry;
};

/** A directory entry whose reader answers `batch` children at a time, then an empty batch. */
const dirEntry = (fullPath: string, children: WalkEntry[], batch = 2): WalkEntry =>
  ({
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').pop()!,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (e: WalkEntry[]) => void) =>
          setTimeout(() => {
            ok(children.slice(at, at + batch));
            at += batch;
          }, 0),
      };
    },
  }) as WalkEntry;

describe('dropped folders', () => {
  it('walks directories recursively, reading every batch, in name order', async () => {
    const tree = dirEntry('/photos', [
      fileEntry('/photos/c.jpg'),
      fileEntry('/photos/a.jpg'),
      dirEntry('/photos/sub', [fileEntry('/photos/sub/x.mp4'), dirEntry('/photos/sub/empty', [])]),
      fileEntry('/photos/b.jpg'),
      fileEntry('/photos/.DS_Store'),
      fileEntry('/photos/Thumbs.db'),
    ]);
    const files = await walkEntry(tree);
    expect(files.map((f) => f.path)).toEqual([
      'photos/a.jpg',
      'photos/b.jpg',
      'photos/c.jpg',
      'photos/sub/x.mp4',
    ]);
    expect(files.map((f) => f.file.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'x.mp4']);
  });

  it('reads more than one batch of a large directory', async () => {
    const children = Array.from({ length: 250 }, (_, i) =>
      fileEntry(`/big/f${String(i).padStart(3, '0')}.png`),
    );
    const files = await walkEntry(dirEntry('/big', children, 100));
    expect(files).toHaveLength(250);
    expect(files[249]!.path).toBe('big/f249.png');
  });

  it('takes entries synchronously, falls back to the File when an item has no entry, skips strings', async () => {
    const loose = file('loose.pdf');
    const items: DropItem[] = [
      {
        kind: 'file',
        webkitGetAsEntry: () => dirEntry('/d', [fileEntry('/d/one.png')]),
        getAsFile: () => null,
      },
      { kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => loose },
      { kind: 'string', getAsFile: () => null },
      { kind: 'file', getAsFile: () => file('old-browser.txt') },
    ];
    const sources = takeDropSources(items);
    expect(sources).toHaveLength(3);
    const files = await collectDropped(sources);
    expect(files.map((f) => f.path)).toEqual(['d/one.png', 'loose.pdf', 'old-browser.txt']);
    expect(files[1]!.file).toBe(loose);
  });

  it('reports a directory that cannot be read', async () => {
    const broken = {
      isFile: false,
      isDirectory: true,
      name: 'locked',
      fullPath: '/locked',
      createReader: () => ({
        readEntries: (_ok: unknown, fail: (e: unknown) => void) => fail(new Error('NotReadableError')),
      }),
    } as WalkEntry;
    await expect(walkEntry(broken)).rejects.toThrow('NotReadableError');
  });

  it('keeps the relative paths of a chosen folder and drops hidden files', () => {
    const a = file('a.png');
    Object.defineProperty(a, 'webkitRelativePath', { value: 'album/a.png' });
    const hidden = file('x.png');
    Object.defineProperty(hidden, 'webkitRelativePath', { value: 'album/.cache/x.png' });
    const plain = file('p.mp3');
    expect(inputFiles([a, hidden, plain]).map((f) => f.path)).toEqual(['album/a.png', 'p.mp3']);
  });
});

describe('incremental MD5', () => {
  it('equals the MD5 of the whole content, reading slice by slice with progress', async () => {
    const bytes = new Uint8Array(1_000_003).map((_, i) => (i * 31 + 7) & 0xff);
    const progress: number[] = [];
    const md5 = await md5OfBlob(new Blob([bytes]), (n) => progress.push(n), 256 * 1024);
    expect(md5).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(progress).toEqual([262144, 524288, 786432, 1_000_003]);
  });

  it('hashes an empty blob', async () => {
    expect(await md5OfBlob(new Blob([]))).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});

describe('uploader messages', () => {
  it('live in pages/materials/upload/locales under the materialUpload namespace', () => {
    expect(namespaceFolder('materialUpload')).toBe('materials/upload');
    expect(namespaceFolder('messageNotification')).toBe('message-notification');
    // Every state of the queue has a label.
    expect(Object.keys(english.states).sort()).toEqual(['queued', ...ACTIVE_STATES, ...FINAL_STATES].sort());
  });
});
