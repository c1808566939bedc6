import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Debian packages of the media tools the processing tests run for real, by the command they provide (LibreOffice: Writer is enough for the tests). */
export const MEDIA_PACKAGES: Readonly<Record<string, string>> = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  pdftoppm: 'poppler-utils',
  soffice: 'libreoffice-writer-nogui',
};

/** Whether an executable of this name is on the PATH (looked up, not run: starting soffice takes seconds). */
function onPath(command: string, pathEnv: string): boolean {
  return pathEnv.split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The Debian packages to install for the media tools missing from this PATH, each once. */
export function missingMediaPackages(pathEnv = process.env.PATH ?? ''): string[] {
  const missing = Object.entries(MEDIA_PACKAGES).filter(([command]) => !onPath(command, pathEnv));
  return [...new Set(missing.map(([, pkg]) => pkg))];
}

/**
 * Installs ffmpeg, poppler-utils and LibreOffice Writer with apt when they are missing and the tests run as root (as
 * the e2e tests do for Chromium); otherwise says what to install.
 */
export function ensureMediaTools(): void {
  const missing = missingMediaPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Media tools missing: install them with "apt-get install -y ${missing.join(' ')}"`);
  }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
