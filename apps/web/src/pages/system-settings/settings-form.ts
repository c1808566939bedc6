/** Pure conversions between the settings list, the settings form and the saves it needs. */
import type { SettingItem } from '../../services/settings';

/** Settings the page edits as plain controls (switches and numbers), by group. */
export const SETTING_GROUPS = {
  storage: ['capacityFlag', 'uploadLimitOpen', 'uploadLimitSize', 'playEventsRetentionMonths'],
  content: ['auditOpen', 'reviewAutoApprove', 'terminalAuthFree', 'supportApiServer'],
  security: [
    'smsCodeOpen',
    'emailCodeOpen',
    'seniorValidation',
    'landingEncryption',
    'passwordStrength',
    'passwordMinLength',
    'passwordExpiryDays',
  ],
} as const;

/** Object settings edited field by field. */
export const OBJECT_SETTINGS = ['smtpServer', 'smsProvider'] as const;
/** Write-only secrets: typed in, never shown. */
export const SECRET_SETTINGS = ['smtpPassword', 'smsAccessSecret'] as const;

/** Upload size limit in MB while the upload limit switch is off (spec section 9). */
export const UNLIMITED_UPLOAD_MB = 10240;

/** One host → brand row of the form. */
export interface HostRow {
  host: string;
  brand: 'default' | 'second';
}

/** The form's values: settings by key, brand hosts as rows, secrets as typed text ('' = unchanged). */
export type SettingsFormValues = Record<string, unknown> & { brandHosts?: HostRow[] };

/** Form values from the listed settings. */
export function toFormValues(items: readonly SettingItem[]): SettingsFormValues {
  const values: SettingsFormValues = {};
  for (const item of items) {
    if (item.secret) values[item.key] = '';
    else if (item.key === 'brandHosts') {
      const hosts = (item.value ?? {}) as Record<string, HostRow['brand']>;
      values.brandHosts = Object.entries(hosts).map(([host, brand]) => ({ host, brand }));
    } else values[item.key] = item.value;
  }
  return values;
}

/** The value a setting gets from the form (brand host rows become a host → brand record). */
export function settingValueOf(key: string, formValue: unknown): unknown {
  if (key !== 'brandHosts') return formValue;
  const rows = (formValue ?? []) as Partial<HostRow>[];
  return Object.fromEntries(
    rows.filter((r) => r?.host?.trim()).map((r) => [r.host!.trim().toLowerCase(), r.brand ?? 'default']),
  );
}

/** Stable JSON (sorted object keys), to compare values regardless of key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What a save must send: only the editable settings whose value changed, and secrets that were typed. */
export function changedSettings(
  items: readonly SettingItem[],
  values: SettingsFormValues,
): { settings: { key: string; value: unknown }[]; secrets: { key: string; secret: string }[] } {
  const settings: { key: string; value: unknown }[] = [];
  const secrets: { key: string; secret: string }[] = [];
  for (const item of items) {
    if (!item.editable || !(item.key in values)) continue;
    if (item.secret) {
      const typed = values[item.key];
      if (typeof typed === 'string' && typed !== '') secrets.push({ key: item.key, secret: typed });
      continue;
    }
    const value = settingValueOf(item.key, values[item.key]);
    if (stableJson(value) !== stableJson(item.value)) settings.push({ key: item.key, value });
  }
  return { settings, secrets };
}

/** The upload limit in force: the configured size when the switch is on, otherwise 10240 MB. */
export function effectiveUploadMb(open: boolean, size: number | null | undefined): number {
  return open && typeof size === 'number' ? size : UNLIMITED_UPLOAD_MB;
}
