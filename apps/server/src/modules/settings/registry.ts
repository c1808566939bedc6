import type { BrandConfig } from '@apm/contract';

/** How a setting may be read through GET /a/api/sysSetting/getKey. */
export type SettingVisibility = 'public' | 'signedIn' | 'secret';

interface SettingDef<T> {
  default: T;
  visibility: SettingVisibility;
  /** English description, shown on the settings page. */
  description: string;
}

const def = <T>(d: T, visibility: SettingVisibility, description: string): SettingDef<T> => ({
  default: d,
  visibility,
  description,
});

const defaultBrand: Omit<BrandConfig, 'brand'> = {
  title: 'APM',
  tag: 'Digital signage management platform',
  showLogo: true,
  textStart: '',
  dualScreen: false,
  copyRight: '© APM digital signage',
  linkList: [],
  customContent: '',
  logo: '/logo.svg',
  icoImg: '/favicon.svg',
  lightShow: true,
  soundShow: true,
  powerSet: true,
  backgroundImage: '',
  defaultLanguage: 'CN',
  showRegister: true,
};

/** Every system setting with its default (spec sections 3 and 9). */
export const SETTINGS = {
  capacityFlag: def(false, 'signedIn', 'Enforce storage capacity per customer'),
  uploadLimitOpen: def(false, 'signedIn', 'Limit the size of one upload'),
  uploadLimitSize: def(400, 'signedIn', 'Upload size limit in MB when the limit is on'),
  auditOpen: def(false, 'signedIn', 'Content waits for review before it can be published'),
  terminalAuthFree: def(false, 'signedIn', 'Terminals are accepted without being claimed'),
  smsCodeOpen: def(false, 'public', 'Verification codes may be sent by SMS'),
  emailCodeOpen: def(true, 'public', 'Verification codes may be sent by e-mail'),
  seniorValidation: def(false, 'public', 'Sign-in needs a verification code as a second factor'),
  landingEncryption: def(true, 'public', 'The sign-in page encrypts user name and password'),
  passwordExpiryDays: def(0, 'signedIn', 'Days before a password must be changed (0 = never)'),
  supportApiServer: def(true, 'signedIn', 'The open API server is available'),
  brandHosts: def<Record<string, 'default' | 'second'>>({}, 'signedIn', 'Host names that select a brand'),
  brandDefault: def<Omit<BrandConfig, 'brand'>>(defaultBrand, 'public', 'The default brand'),
  brandSecond: def<Omit<BrandConfig, 'brand'>>(
    {
      ...defaultBrand,
      title: 'Signage Cloud',
      copyRight: '© Signage Cloud',
      showRegister: false,
      defaultLanguage: 'US',
    },
    'public',
    'The second brand',
  ),
  rsaKeyPair: def<{ publicKey: string; privateKey: string } | null>(null, 'secret', 'Sign-in key pair'),
  sysInitialised: def(false, 'public', 'The system has been initialised'),
  catalogueVersion: def('', 'secret', 'Hash of the seeded permission and menu catalogue'),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K]['default'] extends infer D
  ? D extends boolean
    ? boolean
    : D extends number
      ? number
      : D
  : never;

/** True when `key` names a known setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}
