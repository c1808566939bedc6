/**
 * Files of a drop or of a chosen folder, with their paths: dropped directories are walked
 * recursively through the File and Directory Entries API (`DataTransferItem.webkitGetAsEntry()`).
 */
import type { NewFile } from './upload-tasks';

/** The part of `FileSystemEntry` the walk uses (structural, so tests can pass plain objects). */
export interface WalkEntry {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}

/** A file entry: `file()` hands the File over by callback. */
export interface WalkFileEntry extends WalkEntry {
  file(success: (file: File) => void, error?: (err: unknown) => void): void;
}

/** A directory entry: its reader answers the children in batches until an empty batch. */
export interface WalkDirectoryEntry extends WalkEntry {
  createReader(): {
    readEntries(success: (entries: WalkEntry[]) => void, error?: (err: unknown) => void): void;
  };
}

/** The part of `DataTransferItem` the walk uses. */
export interface DropItem {
  kind: string;
  webkitGetAsEntry?: () => WalkEntry | null;
  getAsFile(): File | null;
}

/** Entries or plain files taken from a drop; must be taken synchronously inside the drop handler. */
export type DropSource = { entry: WalkEntry } | { file: File };

/** Hidden files and OS clutter a folder drop should not upload. */
const IGNORED = /^(\.|Thumbs\.db$|desktop\.ini$)/i;

/**
 * Takes the entries of a drop's items now (the browser empties a DataTransfer once the drop
 * handler returns), falling back to the plain File when an item has no entry (e.g. a file a
 * script put into the DataTransfer).
 */
export function takeDropSources(items: ArrayLike<DropItem>): DropSource[] {
  const sources: DropSource[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() ?? null;
    if (entry) {
      sources.push({ entry });
      continue;
    }
    const file = item.getAsFile();
    if (file) sources.push({ file });
  }
  return sources;
}

function readBatch(dir: WalkDirectoryEntry, reader: ReturnType<WalkDirectoryEntry['createReader']>) {
  return new Promise<WalkEntry[]>((resolve, reject) =>
    reader.readEntries(resolve, (err) => reject(err instanceof Error ? err : new Error(`${dir.fullPath}`))),
  );
}

/** All children of a directory: `readEntries` answers at most ~100 at a time, so read until empty. */
export async function readAllEntries(dir: WalkDirectoryEntry): Promise<WalkEntry[]> {
  const reader = dir.createReader();
  const all: WalkEntry[] = [];
  for (;;) {
    const batch = await readBatch(dir, reader);
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

function entryFile(entry: WalkFileEntry): Promise<File> {
  return new Promise((resolve, reject) =>
    entry.file(resolve, (err) => reject(err instanceof Error ? err : new Error(entry.fullPath))),
  );
}

/** The files under an entry (itself when a file), depth first, paths relative to the drop ('a/b.png'). */
export async function walkEntry(entry: WalkEntry): Promise<NewFile[]> {
  if (IGNORED.test(entry.name)) return [];
  const path = entry.fullPath.replace(/^\/+/, '') || entry.name;
  if (entry.isFile) return [{ file: await entryFile(entry as WalkFileEntry), path }];
  if (!entry.isDirectory) return [];
  const children = await readAllEntries(entry as WalkDirectoryEntry);
  children.sort((a, b) => a.name.localeCompare(b.name));
  const out: NewFile[] = [];
  for (const child of children) out.push(...(await walkEntry(child)));
  return out;
}

/** The files of a drop, directories walked recursively; a loose file's path is its name. */
export async function collectDropped(sources: readonly DropSource[]): Promise<NewFile[]> {
  const out: NewFile[] = [];
  for (const source of sources) {
    if ('file' in source) out.push({ file: source.file, path: source.file.name });
    else out.push(...(await walkEntry(source.entry)));
  }
  return out;
}

/** The files of an `<input type=file>` (with `webkitdirectory` they carry `webkitRelativePath`). */
export function inputFiles(list: ArrayLike<File>): NewFile[] {
  const out: NewFile[] = [];
  for (let i = 0; i < list.length; i++) {
    const file = list[i]!;
    const path = file.webkitRelativePath || file.name;
    if (path.split('/').some((part) => IGNORED.test(part))) continue;
    out.push({ file, path });
  }
  return out;
}
