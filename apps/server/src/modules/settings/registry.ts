import { Languages, type BrandConfig } from '@apm/contract';
import { Type, type TSchema } from 'typebox';
import { MAP_SETTINGS } from './map-settings.js';

/**
 * Who may read a setting: `public` and `signedIn` settings through GET /a/api/sysSetting/getKey;
 * `admin` settings only through the settings list (sys:setting:view); `secret` settings never
 * (an editable secret is write-only: the list tells only whether it is set).
 */
export type SettingVisibility = 'public' | 'signedIn' | 'admin' | 'secret';

interface SettingDef<T> {
  default: T;
  visibility: SettingVisibility;
  /** English description, shown on the settings page. */
  description: string;
  /** What a stored value must look like (POST /a/api/sysSetting/save validates against it). */
  schema: TSchema;
  /** Managed by the system itself: never written through the API. */
  readOnly: boolean;
  /** Stored encrypted with the installation key: the write-only secrets, and keys the system keeps. */
  encrypted: boolean;
}

const def = <T>(
  d: T,
  visibility: SettingVisibility,
  description: string,
  schema: TSchema,
  readOnly = false,
): SettingDef<T> => ({
  default: d,
  visibility,
  description,
  schema,
  readOnly,
  encrypted: visibility === 'secret' && !readOnly,
});

/** Lower-case host names: letters, digits, dots and hyphens, at most 253 characters. */
export const HOST_NAME_PATTERN = '^(?=.{1,253}$)[a-z0-9.-]+$';
/** An http(s) link or a path on this site. */
export const LINK_PATTERN = '^(https?://\\S+|/\\S*)$';

const text = () => Type.String({ maxLength: 2000 });
/** A host name or IP address, or '' for none. */
export const HOST_OR_EMPTY_PATTERN = '^$|^[A-Za-z0-9.-]{1,253}$|^\\[?[0-9A-Fa-f:.]+\\]?$';
/** An e-mail address, or '' for none. */
export const EMAIL_OR_EMPTY_PATTERN = '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** Password strength levels: 1 letters and digits, 2 also upper and lower case, 3 also a symbol. */
export const PASSWORD_STRENGTHS = [1, 2, 3] as const;

/**
 * How SMS leave the platform: `none` writes them to the outbox folder; `http` posts each one as
 * JSON to the operator's SMS gateway (which speaks to Aliyun, Tencent Cloud, Twilio…).
 */
export const SMS_PROVIDERS = ['none', 'http'] as const;

/** SMTP server for e-mail (the password is the separate write-only setting smtpPassword). */
const SmtpServerSchema = Type.Object(
  {
    host: Type.String({ maxLength: 253, pattern: HOST_OR_EMPTY_PATTERN }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    secure: Type.Boolean(),
    user: Type.String({ maxLength: 200 }),
    from: Type.String({ maxLength: 320, pattern: EMAIL_OR_EMPTY_PATTERN }),
  },
  { additionalProperties: false },
);

/** SMS provider account (the secret is the separate write-only setting smsAccessSecret). */
const SmsProviderSchema = Type.Object(
  {
    provider: Type.Enum([...SMS_PROVIDERS]),
    url: Type.String({ maxLength: 500, pattern: '^(https?://[^\\s]+)?$' }),
    accessKeyId: Type.String({ maxLength: 200 }),
    signName: Type.String({ maxLength: 100 }),
    templateCode: Type.String({ maxLength: 100 }),
    region: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);

/** The editable fields of a brand (BrandConfig without `brand`). */
export const BrandSchema = Type.Object(
  {
    title: text(),
    tag: text(),
    showLogo: Type.Boolean(),
    textStart: text(),
    dualScreen: Type.Boolean(),
    copyRight: text(),
    linkList: Type.Array(
      Type.Object(
        { link: Type.String({ maxLength: 2000, pattern: LINK_PATTERN }), name: text() },
        { additionalProperties: false },
      ),
      { maxItems: 20 },
    ),
    customContent: text(),
    logo: text(),
    icoImg: text(),
    lightShow: Type.Boolean(),
    soundShow: Type.Boolean(),
    powerSet: Type.Boolean(),
    backgroundImage: text(),
    defaultLanguage: Type.Enum([...Languages]),
    showRegister: Type.Boolean(),
  },
  { additionalProperties: false },
);

const BrandHostsSchema = Type.Record(
  Type.String({ pattern: HOST_NAME_PATTERN }),
  Type.Enum(['default', 'second']),
  {
    maxProperties: 1000,
    additionalProperties: false,
  },
);

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

/** Every system setting with its default and schema (spec sections 3 and 9). */
export const SETTINGS = {
  capacityFlag: def(false, 'signedIn', 'Enforce storage capacity per customer', Type.Boolean()),
  uploadLimitOpen: def(false, 'signedIn', 'Limit the size of one upload', Type.Boolean()),
  uploadLimitSize: def(
    400,
    'signedIn',
    'Upload size limit in MB when the limit is on',
    Type.Integer({ minimum: 1, maximum: 102400 }),
  ),
  auditOpen: def(false, 'signedIn', 'Content waits for review before it can be published', Type.Boolean()),
  reviewAutoApprove: def(
    false,
    'signedIn',
    'While review is on, content saved by a reviewer of its kind is approved at once',
    Type.Boolean(),
  ),
  terminalAuthFree: def(false, 'signedIn', 'Terminals are accepted without being claimed', Type.Boolean()),
  smsCodeOpen: def(false, 'public', 'Verification codes may be sent by SMS', Type.Boolean()),
  emailCodeOpen: def(true, 'public', 'Verification codes may be sent by e-mail', Type.Boolean()),
  seniorValidation: def(
    false,
    'public',
    'Sign-in needs a verification code as a second factor',
    Type.Boolean(),
  ),
  landingEncryption: def(true, 'public', 'The sign-in page encrypts user name and password', Type.Boolean()),
  passwordExpiryDays: def(
    0,
    'signedIn',
    'Days before a password must be changed (0 = never)',
    Type.Integer({ minimum: 0, maximum: 3650 }),
  ),
  passwordStrength: def(
    1,
    'signedIn',
    'Password strength: 1 letters and digits, 2 also upper and lower case, 3 also a symbol',
    Type.Integer({ minimum: 1, maximum: 3 }),
  ),
  passwordMinLength: def(
    8,
    'signedIn',
    'Fewest characters a password may have',
    Type.Integer({ minimum: 6, maximum: 64 }),
  ),
  smtpServer: def<{ host: string; port: number; secure: boolean; user: string; from: string }>(
    { host: '', port: 465, secure: true, user: '', from: '' },
    'admin',
    'SMTP server for e-mail (host, port, TLS, user, sender address)',
    SmtpServerSchema,
  ),
  smtpPassword: def('', 'secret', 'SMTP password (write-only)', Type.String({ maxLength: 500 })),
  smsProvider: def<{
    provider: (typeof SMS_PROVIDERS)[number];
    url: string;
    accessKeyId: string;
    signName: string;
    templateCode: string;
    region: string;
  }>(
    { provider: 'none', url: '', accessKeyId: '', signName: '', templateCode: '', region: '' },
    'admin',
    'SMS provider account for verification codes',
    SmsProviderSchema,
  ),
  smsAccessSecret: def(
    '',
    'secret',
    'SMS provider access secret (write-only)',
    Type.String({ maxLength: 500 }),
  ),
  supportApiServer: def(true, 'signedIn', 'The open API server is available', Type.Boolean()),
  registrationOpen: def(
    true,
    'public',
    'Visitors of the first brand may register an organisation',
    Type.Boolean(),
  ),
  brandHosts: def<Record<string, 'default' | 'second'>>(
    {},
    'signedIn',
    'Host names that select a brand',
    BrandHostsSchema,
  ),
  brandDefault: def<Omit<BrandConfig, 'brand'>>(defaultBrand, 'public', 'The default brand', BrandSchema),
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
    BrandSchema,
  ),
  rsaKeyPair: {
    ...def<{ publicKey: string; privateKey: string } | null>(
      null,
      'secret',
      'Sign-in key pair',
      Type.Union([Type.Object({ publicKey: Type.String(), privateKey: Type.String() }), Type.Null()]),
      true,
    ),
    // A copied database must not carry a usable private key: it is sealed like the secrets.
    encrypted: true,
  },
  sysInitialised: def(false, 'public', 'The system has been initialised', Type.Boolean(), true),
  menuDeletedKeys: def<string[]>(
    [],
    'secret',
    'Catalogue menu keys an administrator deleted (re-seeding does not bring them back)',
    Type.Array(Type.String({ maxLength: 64 })),
    true,
  ),
  catalogueVersion: def(
    '',
    'secret',
    'Hash of the seeded permission and menu catalogue',
    Type.String({ maxLength: 200 }),
    true,
  ),
  playEventsRetentionMonths: def(
    13,
    'admin',
    'Months of raw proof-of-play events kept (hourly roll-ups and online history are kept)',
    Type.Integer({ minimum: 1, maximum: 120 }),
  ),
  ...MAP_SETTINGS,
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof SETTINGS)[K]['default'] extends infer D
  ? D extends boolean
    ? boolean
    : D extends number
      ? number
      : D extends string
        ? string
        : D
  : never;

/** True when `key` names a known setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}
