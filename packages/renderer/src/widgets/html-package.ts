import { unzipSync } from 'fflate';
import { WIDGET_PACKAGE_LIMITS } from '@apm/contract';

/** One file of an unpacked widget package, as the frame receives it. */
export interface PackageFile {
  /** Path inside the zip, e.g. `clock/app.js`. */
  path: string;
  type: string;
  bytes: Uint8Array;
}

/** A widget package unpacked: its files, start page and the setting defaults of its `widget.json`. */
export interface UnpackedPackage {
  files: PackageFile[];
  entry: string;
  defaults: Record<string, string | number | boolean>;
}

const TYPES: Record<string, string> = {
  html: 'text/html',
  htm: 'text/html',
  js: 'text/javascript',
  mjs: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  txt: 'text/plain',
};

/** The MIME type of a package file by its extension. */
export const typeOf = (path: string) =>
  TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The start page: `index.html` at the top, else in the single top folder (as the server decided). */
export function entryOf(paths: readonly string[]): string | null {
  const top = paths.find((p) => p.toLowerCase() === 'index.html');
  if (top) return top;
  const folders = new Set(paths.map((p) => p.split('/')[0]!).filter((p) => !p.startsWith('__MACOSX')));
  if (folders.size !== 1) return null;
  const [folder] = [...folders];
  return paths.find((p) => p.toLowerCase() === `${folder!.toLowerCase()}/index.html`) ?? null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The defaults a `widget.json` declares (its JSON-schema properties or the flat form). */
export function manifestDefaults(text: string | undefined): Record<string, string | number | boolean> {
  if (!text) return {};
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isObject(doc) || !isObject(doc.settings)) return {};
  const schema = doc.settings;
  const props = schema.type === 'object' && isObject(schema.properties) ? schema.properties : schema;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, prop] of Object.entries(props)) {
    const d = isObject(prop) ? prop.default : undefined;
    if (typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean') out[key] = d;
  }
  return out;
}

/**
 * Unpacks a widget package's zip (checked by the server when it was registered; the same bounds
 * apply here): its files, start page and setting defaults.
 */
export function unpackWidget(zip: Uint8Array): UnpackedPackage {
  let count = 0;
  let total = 0;
  const raw = unzipSync(zip, {
    filter: (file) => {
      if (file.name.endsWith('/') || file.name.split('/').includes('..')) return false;
      count += 1;
      total += file.originalSize;
      if (count > WIDGET_PACKAGE_LIMITS.maxEntries || total > WIDGET_PACKAGE_LIMITS.maxTotalBytes)
        throw new Error('the widget package is larger than allowed');
      return true;
    },
  });
  const files = Object.entries(raw).map(([path, bytes]) => ({ path, type: typeOf(path), bytes }));
  const entry = entryOf(files.map((f) => f.path));
  if (!entry) throw new Error('the widget package has no index.html');
  const dir = entry.slice(0, entry.length - 'index.html'.length);
  const manifest = files.find((f) => f.path === `${dir}widget.json`);
  return {
    files,
    entry,
    defaults: manifestDefaults(manifest ? new TextDecoder().decode(manifest.bytes) : undefined),
  };
}

/** Packages unpacked lately, by URL (a scene change or the editor's redraw reuses them). */
const cache = new Map<string, Promise<UnpackedPackage>>();
const CACHE_SIZE = 8;

/** Fetches and unpacks a package (kept for the next widgets of the same zip). */
export function loadWidgetPackage(url: string): Promise<UnpackedPackage> {
  const held = cache.get(url);
  if (held) {
    cache.delete(url);
    cache.set(url, held);
    return held;
  }
  const loading = fetch(url, { credentials: 'same-origin' })
    .then((res) => {
      if (!res.ok) throw new Error(`the widget package answered HTTP ${res.status}`);
      return res.arrayBuffer();
    })
    .then((buf) => unpackWidget(new Uint8Array(buf)));
  loading.catch(() => cache.delete(url));
  cache.set(url, loading);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return loading;
}
