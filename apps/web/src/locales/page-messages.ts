/**
 * Page message bundles: each console feature keeps its own messages in
 * `pages/<feature>/locales/<tag>.ts` (one file per language, English the reference) under an
 * i18next namespace named after the feature. They load with the page that needs them — not
 * with the sign-in page — and again for the new language before a language switch applies.
 */
import i18n from 'i18next';
import type { PageNamespace } from './page-namespaces';

export type { PageNamespace };

type Bundle = { default: Record<string, unknown> };

const loaders = import.meta.glob<Bundle>(['../pages/*/locales/*.ts', '../pages/*/*/locales/*.ts']);

/** Namespaces some page has asked for; a language switch loads them for the new language. */
const used = new Set<PageNamespace>();

/** Namespaces of a part of a page, in a folder below the page's (`pages/materials/upload`). */
const NESTED_FOLDERS: Record<string, string> = {
  materialUpload: 'materials/upload',
  editorPanels: 'program-editor/panels',
  planTimeline: 'plans/timeline',
  messageWebhook: 'messages/webhook',
};

/** Folder of a namespace: `messageNotification` lives in `pages/message-notification`. */
export function namespaceFolder(ns: string): string {
  if (ns in NESTED_FOLDERS) return NESTED_FOLDERS[ns]!;
  return ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Loads one namespace's messages for one language tag into i18next (once). */
export async function loadPageMessages(ns: PageNamespace, tag: string): Promise<void> {
  used.add(ns);
  if (i18n.hasResourceBundle(tag, ns)) return;
  const load = loaders[`../pages/${namespaceFolder(ns)}/locales/${tag}.ts`];
  if (!load) throw new Error(`No ${tag} messages for the ${ns} page`);
  const bundle = await load();
  i18n.addResourceBundle(tag, ns, bundle.default, true, true);
}

/** Loads every namespace in use for a language (before switching to it). */
export async function loadUsedPageMessages(tag: string): Promise<void> {
  await Promise.all([...used].map((ns) => loadPageMessages(ns, tag)));
}

/** Language being switched to, set before its messages load; pages loading meanwhile load it too. */
let targetTag: string | undefined;

/** Records the language a switch is loading (`changeLanguage` in i18n.ts). */
export function setTargetLanguage(tag: string): void {
  targetTag = tag;
}

/**
 * Loads namespaces for the current language (a route's lazy step awaits this). Routes start
 * loading before the start-up language is known; their namespaces are then loaded with it.
 */
export async function loadPageNamespaces(namespaces: readonly PageNamespace[]): Promise<void> {
  const tag = targetTag ?? i18n.language;
  if (!tag) {
    namespaces.forEach((ns) => used.add(ns));
    return;
  }
  await Promise.all(namespaces.map((ns) => loadPageMessages(ns, tag)));
}
