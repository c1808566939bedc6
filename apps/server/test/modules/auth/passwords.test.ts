import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../src/modules/auth/passwords.js';

describe('password hashing (scrypt)', () => {
  it('hashes as scrypt$N$r$p$salt$hash and verifies only the same password', async () => {
    const hash = await hashPassword('Secret#2026');
    const parts = hash.split('$');
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5]!, 'base64')).toHaveLength(32);
    expect(hash).not.toContain('Secret#2026');
    expect(await verifyPassword('Secret#2026', hash)).toBe(true);
    for (const wrong of ['secret#2026', 'Secret#2026 ', '', "' OR '1'='1"])
      expect(await verifyPassword(wrong, hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('handles non-ASCII passwords', async () => {
    const hash = await hashPassword('пароль密码🔑');
    expect(await verifyPassword('пароль密码🔑', hash)).toBe(true);
    expect(await verifyPassword('пароль密码', hash)).toBe(false);
  });

  it('answers false for malformed stored hashes instead of throwing', async () => {
    const good = await hashPassword('x');
    for (const stored of ['', 'plain-text', 'bcrypt$10$abc', good.replace(/^scrypt/, 'md5'), good + '$extra'])
      expect(await verifyPassword('x', stored)).toBe(false);
    const parts = good.split('$');
    const truncated = [...parts.slice(0, 5), parts[5]!.slice(0, 8)].join('$');
    expect(await verifyPassword('x', truncated)).toBe(false);
  });

  it('keeps one dummy hash that matches no usual password', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(dummy).toMatch(/^scrypt\$/);
    expect(await verifyPassword('', dummy)).toBe(false);
  });
});
