import { describe, expect, it } from 'vitest';
import { findIndexPage } from '../../../../src/modules/materials/upload/detect.js';
import { sanitizeFileName } from '../../../../src/modules/materials/upload/names.js';

describe('file names and HTML package start pages', () => {
  it('strips directories, control and bidi characters, reserved characters and ..', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('..\\\\..\\\\boot.ini')).toBe('boot.ini');
    expect(sanitizeFileName('a\u0000b\u0007c\u202ed.jpg')).toBe('abcd.jpg');
    expect(sanitizeFileName('what?<is>:this*.png')).toBe('what__is__this_.png');
    expect(sanitizeFileName('  ..hidden..name.mp4  ')).toBe('hidden.name.mp4');
    expect(sanitizeFileName('报告 2026.pdf')).toBe('报告 2026.pdf');
  });

  it('cuts long names to 200 characters keeping the extension', () => {
    const name = sanitizeFileName(`${'é'.repeat(300)}.webm`);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith('é.webm')).toBe(true);
  });

  it('refuses names with nothing visible left, naming the field', () => {
    for (const bad of ['', '   ', '..', '../..', 'dir/', '\u0000\u0001', null, undefined]) {
      expect(() => sanitizeFileName(bad, 'name')).toThrow(/name is required/);
    }
  });

  it('finds index.html at the top or inside the single top folder only', () => {
    expect(findIndexPage(['index.html', 'a.js'])).toBe('index.html');
    expect(findIndexPage(['site/', 'site/index.html', 'site/a.js'])).toBe('site/index.html');
    expect(findIndexPage(['site/index.html', '__MACOSX/site/._index.html'])).toBe('site/index.html');
    expect(findIndexPage(['a/index.html', 'b/index.html'])).toBeNull();
    expect(findIndexPage(['site/deep/index.html'])).toBeNull();
    expect(findIndexPage(['readme.txt'])).toBeNull();
  });
});
