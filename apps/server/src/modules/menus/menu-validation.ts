import { allPermissionStrings, isMenuIconName, Languages, MENU_ICON_NAMES } from '@apm/contract';
import { AppError } from '../../lib/errors.js';

/** A menu key: a letter, then letters, digits or underscores (it is also the i18n key `menu.<key>`). */
export const MENU_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
/** A route path under the shell: segments of letters, digits, `-`, `_` or `.` joined by `/`. */
export const MENU_PATH_PATTERN = '^/?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*/?$';
/** A role code a menu entry may name. */
export const ROLE_CODE_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
/** Longest menu name in any language. */
export const MENU_NAME_MAX = 100;

/** A 4xx naming one field. */
export const fieldError = (status: number, field: string, msg: string, reason = 'validation') =>
  new AppError(status, msg, reason, { fields: { [field]: msg } });

let permissionSet: Set<string> | undefined;

/** The permission of a menu entry: `*` or a permission string of the catalogue; 400 naming `permission`. */
export function checkPermission(raw: string): string {
  const value = raw.trim();
  if (value === '*') return value;
  permissionSet ??= new Set(allPermissionStrings());
  if (!permissionSet.has(value)) {
    throw fieldError(400, 'permission', `permission must be * or a permission of the catalogue (${value})`);
  }
  return value;
}

/** The icon of a menu entry: empty (none) or one of MENU_ICON_NAMES; 400 naming `icon`. */
export function checkIcon(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (!value) return null;
  if (!isMenuIconName(value)) {
    throw fieldError(400, 'icon', `icon must be one of ${MENU_ICON_NAMES.join(', ')}`);
  }
  return value;
}

/**
 * The names of a menu entry: an object (or its JSON encoding, for form bodies) with a non-empty
 * name for each of the 7 languages; 400 naming `names.<language>`.
 */
export function checkNames(raw: unknown): Record<string, string> {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw fieldError(400, 'names', 'names must be an object (or its JSON) with a name per language');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw fieldError(400, 'names', 'names must be an object with a name per language');
  }
  const input = value as Record<string, unknown>;
  const extra = Object.keys(input).filter((k) => !(Languages as readonly string[]).includes(k));
  if (extra.length) throw fieldError(400, 'names', `names has unknown languages: ${extra.join(', ')}`);
  const names: Record<string, string> = {};
  for (const lang of Languages) {
    const name = input[lang];
    const field = `names.${lang}`;
    if (typeof name !== 'string' || !name.trim()) throw fieldError(400, field, `${field} is required`);
    if (name.trim().length > MENU_NAME_MAX) {
      throw fieldError(400, field, `${field} must be at most ${MENU_NAME_MAX} characters`);
    }
    names[lang] = name.trim();
  }
  return names;
}

/** Role codes as an array or a comma-joined string; 400 naming `roles`. */
export function checkRoles(raw: unknown): string[] | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const list = typeof raw === 'string' ? raw.split(',') : raw;
  if (!Array.isArray(list) || !list.every((r) => typeof r === 'string')) {
    throw fieldError(400, 'roles', 'roles must be role codes, as an array or comma-joined');
  }
  const codes = [...new Set(list.map((r) => r.trim()).filter(Boolean))];
  const pattern = new RegExp(ROLE_CODE_PATTERN);
  const bad = codes.filter((c) => !pattern.test(c));
  if (bad.length) throw fieldError(400, 'roles', `roles has invalid role codes: ${bad.join(', ')}`);
  if (codes.length > 20) throw fieldError(400, 'roles', 'roles may name at most 20 role codes');
  return codes.length ? codes : null;
}

/** A path as stored: no leading slash; empty means none. */
export function normalisePath(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim().replace(/^\/+/, '');
  return value || null;
}

/** Paths compared without their trailing slash (`sys/user/` and `sys/user` are the same page). */
export const samePath = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
