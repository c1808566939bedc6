import { MATERIAL_NAME_MAX } from '@apm/contract';
import { badRequest } from '../../../lib/errors.js';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /[<>:"|?*]/g;

/**
 * A file name safe to store and show: directories stripped (`/` and `\`), control and bidi
 * characters, reserved characters and `..` removed, leading dots and spaces trimmed, and cut to
 * {@link MATERIAL_NAME_MAX} characters keeping the extension. Throws 400 naming `field` when
 * nothing usable is left.
 */
export function sanitizeFileName(raw: string | null | undefined, field = 'filename'): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(RESERVED, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.\s]+/, '')
    .replace(/\s+$/, '');
  if (!name) throw badRequest(`${field} is required: a file name with visible characters`, 'validation');
  const chars = [...name];
  if (chars.length > MATERIAL_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? [...name.slice(dot)] : [];
    const keepExt = ext.length > 0 && ext.length <= 16 ? ext : [];
    name = chars.slice(0, MATERIAL_NAME_MAX - keepExt.length).join('') + keepExt.join('');
  }
  return name;
}
