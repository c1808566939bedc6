import { execFileSync, spawnSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { prepareDatabaseTemplate } from './helpers/database-template.js';

/** Debian packages of the media tools the processing tests run for real, by the command they provide (LibreOffice: Writer is enough for the tests). */
const MEDIA_PACKAGES: Record<string, string> = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  pdftoppm: 'poppler-utils',
};

const has = (command: string) => spawnSync(command, ['-v'], { stdio: 'ignore' }).error === undefined;

/** Before the server tests: media tools present, and one migrated database template for the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureMediaTools();
  const prepared = await prepareDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', prepared.template);
  return () => prepared.remove();
}

/**
 * Installs ffmpeg, poppler-utils and LibreOffice Writer with apt when they are missing and the tests run as root (as
 * the e2e tests do for Chromium); otherwise says what to install.
 */
function ensureMediaTools(): void {
  const missing = [
    ...new Set(
      Object.entries(MEDIA_PACKAGES)
        .filter(([command]) => !has(command))
        .map(([, pkg]) => pkg),
    ),
  ];
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
