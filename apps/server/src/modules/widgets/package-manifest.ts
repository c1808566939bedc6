import {
  SETTING_KEY_PATTERN,
  WIDGET_PACKAGE_LIMITS,
  type WidgetSettingField,
  type WidgetSettingType,
} from '@apm/contract';
import { fieldError } from '../users/user-access.js';

/** What a package's `widget.json` declares, checked. */
export interface WidgetManifest {
  name: string;
  width: number;
  height: number;
  settings: WidgetSettingField[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const COLOR = /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|transparent)$/;
const KEY = new RegExp(SETTING_KEY_PATTERN);

/** 400 naming the material and the manifest field that is wrong. */
const bad = (path: string, message: string) =>
  fieldError(400, 'materialId', `materialId: widget.json ${path} ${message}`.trim(), 'badWidgetPackage');

const size = (v: unknown, path: string): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 16_384)
    throw bad(path, 'must be a whole number of pixels from 1 to 16384');
  return v;
};

/** The kind of a JSON-schema property: `string` with `format: color` or `enum` becomes color / enum. */
function settingType(prop: Json, path: string): WidgetSettingType {
  const type = prop.type;
  if (type === 'color' || type === 'enum') return type;
  if (type === 'string') {
    if (Array.isArray(prop.enum)) return 'enum';
    return prop.format === 'color' ? 'color' : 'string';
  }
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  throw bad(`${path}.type`, 'must be string, number, boolean, enum or color');
}

/** One setting of the schema, with its default checked against its kind. */
function settingField(key: string, prop: unknown, path: string): WidgetSettingField {
  if (!KEY.test(key))
    throw bad(path, 'is not a setting name (letters, digits and _, starting with a letter)');
  if (!isObject(prop)) throw bad(path, 'must be an object');
  const type = settingType(prop, path);
  const title = typeof prop.title === 'string' && prop.title.trim() ? prop.title.trim().slice(0, 100) : key;
  const field: WidgetSettingField = { key, type, title, default: '' };
  const def = prop.default;
  const defPath = `${path}.default`;
  if (type === 'number') {
    for (const bound of ['minimum', 'maximum'] as const) {
      if (prop[bound] === undefined) continue;
      if (typeof prop[bound] !== 'number' || !Number.isFinite(prop[bound]))
        throw bad(`${path}.${bound}`, 'must be a number');
      field[bound] = prop[bound];
    }
    if (typeof def !== 'number' || !Number.isFinite(def)) throw bad(defPath, 'must be a number');
    if ((field.minimum ?? -Infinity) > def || (field.maximum ?? Infinity) < def)
      throw bad(defPath, 'lies outside minimum and maximum');
  } else if (type === 'boolean') {
    if (typeof def !== 'boolean') throw bad(defPath, 'must be true or false');
  } else if (type === 'enum') {
    const options = prop.enum;
    if (!Array.isArray(options) || options.length === 0 || options.length > 50)
      throw bad(`${path}.enum`, 'must list 1 to 50 choices');
    if (!options.every((o) => typeof o === 'string' && o.length > 0 && o.length <= 200))
      throw bad(`${path}.enum`, 'choices must be texts of up to 200 characters');
    field.options = options as string[];
    if (typeof def !== 'string' || !field.options.includes(def))
      throw bad(defPath, 'must be one of the choices');
  } else if (type === 'color') {
    if (typeof def !== 'string' || !COLOR.test(def)) throw bad(defPath, 'must be a colour like #ff8800');
  } else {
    const maxLength = prop.maxLength ?? 2000;
    if (typeof maxLength !== 'number' || !Number.isInteger(maxLength) || maxLength < 1 || maxLength > 2000)
      throw bad(`${path}.maxLength`, 'must be a whole number from 1 to 2000');
    field.maxLength = maxLength;
    if (typeof def !== 'string' || def.length > maxLength)
      throw bad(defPath, `must be a text of up to ${maxLength} characters`);
  }
  field.default = def as string | number | boolean;
  return field;
}

/**
 * Parses and checks a package's `widget.json`: `name`, the declared size (`size: {w, h}` or
 * `width`/`height`) and `settings`, a small JSON-schema subset (`{type: 'object', properties}` or
 * the properties object itself) of string, number, boolean, enum and color settings with defaults.
 * 400 naming the manifest field that is wrong.
 */
export function parseWidgetManifest(text: string): WidgetManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw bad('', `is not valid JSON (${(err as Error).message})`);
  }
  if (!isObject(raw)) throw bad('', 'must be a JSON object');
  const name = typeof raw.name === 'string' ? raw.name.trim() : '';
  if (!name || name.length > 100) throw bad('name', 'must be a text of 1 to 100 characters');
  const box = isObject(raw.size) ? raw.size : raw;
  const sizePath = isObject(raw.size) ? 'size.' : '';
  const width = size(box.w ?? box.width, `${sizePath}${isObject(raw.size) ? 'w' : 'width'}`);
  const height = size(box.h ?? box.height, `${sizePath}${isObject(raw.size) ? 'h' : 'height'}`);
  const schema = raw.settings ?? {};
  if (!isObject(schema)) throw bad('settings', 'must be an object');
  const props = schema.type === 'object' ? (schema.properties ?? {}) : schema;
  const propsPath = schema.type === 'object' ? 'settings.properties' : 'settings';
  if (!isObject(props)) throw bad(propsPath, 'must be an object');
  const keys = Object.keys(props);
  if (keys.length > WIDGET_PACKAGE_LIMITS.maxSettings)
    throw bad(propsPath, `declares more than ${WIDGET_PACKAGE_LIMITS.maxSettings} settings`);
  const settings = keys.map((key) => settingField(key, props[key], `${propsPath}.${key}`));
  return { name, width, height, settings };
}

/**
 * Checks a widget's setting values against its package's fields: unknown keys and values of the
 * wrong kind are refused (the message names the key), missing ones take the default.
 */
export function settingsProblem(
  fields: readonly WidgetSettingField[],
  values: Record<string, string | number | boolean>,
): string | null {
  for (const key of Object.keys(values)) {
    const field = fields.find((f) => f.key === key);
    if (!field) return `${key}: the package has no such setting`;
    const v = values[key];
    switch (field.type) {
      case 'number':
        if (typeof v !== 'number' || !Number.isFinite(v)) return `${key}: must be a number`;
        if ((field.minimum ?? -Infinity) > v || (field.maximum ?? Infinity) < v)
          return `${key}: must lie from ${field.minimum ?? '-∞'} to ${field.maximum ?? '∞'}`;
        break;
      case 'boolean':
        if (typeof v !== 'boolean') return `${key}: must be true or false`;
        break;
      case 'enum':
        if (typeof v !== 'string' || !field.options?.includes(v))
          return `${key}: must be one of ${field.options?.join(', ')}`;
        break;
      case 'color':
        if (typeof v !== 'string' || !COLOR.test(v)) return `${key}: must be a colour like #ff8800`;
        break;
      default:
        if (typeof v !== 'string' || v.length > (field.maxLength ?? 2000))
          return `${key}: must be a text of up to ${field.maxLength ?? 2000} characters`;
    }
  }
  return null;
}
