import { describe, expect, it } from 'vitest';
import {
  Languages,
  MENU_NAMES,
  MENU_PAGES,
  OPERATION_NAMES,
  Operations,
  PERMISSION_NAMES,
  PERMISSIONS,
} from '../src/index.js';

function expectNamed(table: Record<string, Record<string, string>>, key: string): void {
  const names = table[key];
  expect(names, `missing names for ${key}`).toBeDefined();
  for (const lang of Languages) {
    const name = names?.[lang];
    expect(typeof name, `${key} has no ${lang} name`).toBe('string');
    expect(name?.trim(), `${key} has an empty ${lang} name`).not.toBe('');
  }
}

describe('menu names', () => {
  it('names every menu page in every language', () => {
    for (const page of MENU_PAGES) expectNamed(MENU_NAMES, page.key);
  });

  it('names every permission in every language', () => {
    for (const permission of PERMISSIONS) expectNamed(PERMISSION_NAMES, permission.id);
  });

  it('names every operation in every language', () => {
    for (const operation of Operations) expectNamed(OPERATION_NAMES, operation);
  });

  it('keeps the English names in line with the catalogues', () => {
    for (const page of MENU_PAGES) expect(MENU_NAMES[page.key]?.US).toBe(page.name);
    for (const permission of PERMISSIONS) expect(PERMISSION_NAMES[permission.id]?.US).toBe(permission.name);
  });
});
