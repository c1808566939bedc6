import { Compile, type Validator } from 'typebox/compile';
import {
  EMAIL_OR_EMPTY_PATTERN,
  HOST_NAME_PATTERN,
  HOST_OR_EMPTY_PATTERN,
  LINK_PATTERN,
  SETTINGS,
  type SettingKey,
} from './registry.js';
import { MAP_GEOCODER_URL_PATTERN, MAP_TILE_URL_PATTERN } from './map-settings.js';

/** The kind of value a setting holds, as the settings page shows it. */
export type SettingType = 'boolean' | 'number' | 'string' | 'object';

const validators = new Map<SettingKey, Validator>();

function validatorOf(key: SettingKey): Validator {
  let validator = validators.get(key);
  if (!validator) {
    validator = Compile(SETTINGS[key].schema);
    validators.set(key, validator);
  }
  return validator;
}

/** The kind of value of a setting, from its schema. */
export function settingType(key: SettingKey): SettingType {
  const type = (SETTINGS[key].schema as { type?: unknown }).type;
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  return 'object';
}

const PATTERN_MESSAGES: Record<string, string> = {
  [LINK_PATTERN]: 'must be an http(s) link or a path starting with /',
  [HOST_NAME_PATTERN]: 'must be a lower-case host name',
  [EMAIL_OR_EMPTY_PATTERN]: 'must be an e-mail address or empty',
  [HOST_OR_EMPTY_PATTERN]: 'must be a host name or IP address, or empty',
  [MAP_TILE_URL_PATTERN]: 'must be an http(s) URL template with {z}, {x} and {y}',
  [MAP_GEOCODER_URL_PATTERN]: 'must be an http(s) URL',
};

interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** Why `value` is not a valid value of the setting, naming `value` (e.g. `value.linkList.0.link ...`), or null. */
export function settingValueError(key: SettingKey, value: unknown): string | null {
  const validator = validatorOf(key);
  if (validator.Check(value)) return null;
  const messages: string[] = [];
  for (const issue of validator.Errors(value) as Iterable<Issue>) {
    // `additionalProperties: false` also reports each extra property as a failed `false` schema.
    if (issue.keyword === 'boolean') continue;
    const field = ['value', ...issue.instancePath.split('/').slice(1)].join('.');
    let message = issue.message;
    if (issue.keyword === 'additionalProperties') {
      const extra = (issue.params.additionalProperties as string[] | undefined) ?? [];
      message =
        key === 'brandHosts'
          ? `has keys that are not lower-case host names (letters, digits, dots, hyphens, at most 253 characters): ${extra.join(', ')}`
          : `has unknown properties: ${extra.join(', ')}`;
    } else if (issue.keyword === 'pattern') {
      message = PATTERN_MESSAGES[String(issue.params.pattern)] ?? 'has an invalid format';
    } else if (issue.keyword === 'enum') {
      const allowed = (issue.params.allowedValues as unknown[] | undefined) ?? [];
      message = `must be one of ${allowed.join(', ')}`;
    }
    messages.push(`${field} ${message}`);
    if (messages.length >= 5) break;
  }
  return messages.join('; ') || 'value is invalid';
}
