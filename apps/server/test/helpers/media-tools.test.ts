import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingMediaPackages } from './media-tools.js';

describe('the media tools the server tests install', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apm-path-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const provide = (...commands: string[]) => {
    for (const command of commands) {
      writeFileSync(path.join(dir, command), '#!/bin/sh\n');
      chmodSync(path.join(dir, command), 0o755);
    }
  };

  it('names every package on an empty PATH, ffmpeg once', () => {
    expect(missingMediaPackages(dir)).toEqual(['ffmpeg', 'poppler-utils', 'libreoffice-writer-nogui']);
  });

  it('installs LibreOffice Writer when only soffice is missing (the Office conversion test runs it)', () => {
    provide('ffmpeg', 'ffprobe', 'pdftoppm');
    expect(missingMediaPackages(dir)).toEqual(['libreoffice-writer-nogui']);
    provide('soffice');
    expect(missingMediaPackages(dir)).toEqual([]);
  });
});
