import { Languages, type CustomerBrandConfig } from '@apm/contract';
import { badRequest } from '../../lib/errors.js';
import { fieldError } from '../users/user-access.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Normalises and checks a second domain name: a host name (letters, digits, hyphens; at least two
 * labels; no port, path, scheme or IP address), lower-cased. Empty means none. 400 naming `domainName`.
 */
export function normaliseDomainName(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (!value) return null;
  const labels = value.split('.');
  const ok =
    value.length <= 253 &&
    labels.length >= 2 &&
    labels.every((l) => LABEL.test(l)) &&
    !/^[0-9]+$/.test(labels[labels.length - 1]!);
  if (!ok) {
    throw fieldError(
      400,
      'domainName',
      'domainName must be a host name such as signage.example.com (letters, digits, hyphens and dots; no port, path or scheme)',
    );
  }
  return value;
}

/** An image or link address: empty, an http(s) URL or a path on this site. */
const isSafeUrl = (value: string) =>
  value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/[^\s/][^\s]*$|^\/$/.test(value);

/** Checks and normalises a customer's brand fields; one 400 naming every bad field. */
export function validateBrandConfig(input: CustomerBrandConfig): CustomerBrandConfig {
  const errors: Record<string, string> = {};
  const out: CustomerBrandConfig = {};
  const text = (field: 'title' | 'tag' | 'copyRight', max: number) => {
    const value = input[field];
    if (value === undefined) return;
    const trimmed = value.trim();
    if (trimmed.length > max) errors[field] = `${field} must be at most ${max} characters`;
    out[field] = trimmed;
  };
  const url = (field: 'logo' | 'icoImg' | 'backgroundImage') => {
    const value = input[field];
    if (value === undefined) return;
    const trimmed = value.trim();
    if (!isSafeUrl(trimmed)) errors[field] = `${field} must be an http(s) address or a path starting with /`;
    out[field] = trimmed;
  };
  text('title', 100);
  text('tag', 100);
  text('copyRight', 300);
  url('logo');
  url('icoImg');
  url('backgroundImage');
  if (input.defaultLanguage !== undefined) {
    const lang = input.defaultLanguage.trim().toUpperCase();
    if (lang && !(Languages as readonly string[]).includes(lang)) {
      errors.defaultLanguage = `defaultLanguage must be one of ${Languages.join(', ')}`;
    }
    out.defaultLanguage = lang;
  }
  if (input.linkList !== undefined) {
    out.linkList = input.linkList.map((l) => ({ name: l.name.trim(), link: l.link.trim() }));
    if (out.linkList.some((l) => !l.name || !isSafeUrl(l.link) || !l.link)) {
      errors.linkList = 'linkList entries need a name and an http(s) address or a path starting with /';
    }
  }
  if (Object.keys(errors).length) {
    throw badRequest(Object.values(errors).join('; '), 'validation', { fields: errors });
  }
  return out;
}
