/** An app `npm start` builds: its workspace, what it is built from and the file its build writes last. */
export interface BuiltApp {
  name: string;
  workspace: string;
  sources: string[];
  output: string;
  shared: string[];
}

/** The console, the player and the server. */
export const APPS: BuiltApp[];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when it does not exist. */
export function newestMtime(target: string): number;

/** Why an app needs building, or null when its output is newer than all its sources. */
export function staleness(app: BuiltApp, root?: string): string | null;
