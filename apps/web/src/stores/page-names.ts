/**
 * Names of menu pages for the document title. The resolver lives in the lazily loaded shell
 * (it needs the menu name tables), which registers it here; the root layout only reads it, so
 * the sign-in page does not carry the tables.
 */
import type { Language } from '@apm/contract';
import { create } from 'zustand';

/** Answers a menu page's name in a language, or `undefined`. */
export type MenuNameResolver = (menuKey: string, language: Language) => string | undefined;

/** Page-name state. */
export interface PageNamesState {
  resolveMenuName: MenuNameResolver | undefined;
}

/** The page-names store. */
export const usePageNamesStore = create<PageNamesState>(() => ({ resolveMenuName: undefined }));
