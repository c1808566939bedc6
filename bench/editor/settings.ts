/** The benchmark's settings (from the environment, see main.ts) and what every part of the run is given. */
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The administrator the server is started with; the console pages and API calls are signed in as it. */
export const ADMIN = { user: 'admin', password: 'Admin#2026pass' };
/** The parts to run: `drag`, `open`, `preview`. */
export const PARTS = (process.env.PARTS ?? 'drag,open,preview').split(',');
/** Measured openings of each program (after a warm-up). */
export const OPEN_RUNS = Number(process.env.OPEN_RUNS ?? 5);
/** Measured drags per case (after a warm-up). */
export const DRAG_RUNS = Number(process.env.DRAG_RUNS ?? 3);
/** Pointer moves per drag. */
export const MOVES = Number(process.env.MOVES ?? 120);
/** Whether to add a CPU profile and a trace of one more opening and one more drag. */
export const PROFILE = process.env.PROFILE === '1';
/** The whole run is stopped (server and browser too) after this long. */
export const DEADLINE_MS = 20 * 60_000;
/** The window the editor is opened in for the drag and open parts. */
export const EDITOR_VIEWPORT = { width: 1440, height: 900 };

/** A console API call with the administrator's session. */
export type Api = <T>(url: string, body?: unknown) => Promise<T>;

/** What every part of the run is given. */
export interface Run {
  browser: Browser;
  /** The server's address, `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** The administrator's session cookie. */
  cookie: string;
  api: Api;
  /** Where the screenshots, the diff image and the profiles go. */
  outDir: string;
}
