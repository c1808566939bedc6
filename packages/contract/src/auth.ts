import { Type, type Static } from 'typebox';
import type { AuthorityRecord } from './permissions.js';

/** POST /a/login body (spec section 3 "Login payload"). */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 1024 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  validateCode: Type.Optional(Type.String({ maxLength: 16 })),
  verificationCode: Type.Optional(Type.String({ maxLength: 16 })),
});
export type LoginBody = Static<typeof LoginBody>;

/** The seven console languages (spec section 1). */
export const Languages = ['CN', 'HK', 'US', 'IT', 'RU', 'FR', 'KR'] as const;
export type Language = (typeof Languages)[number];

/** POST /f/common/sysInit body: the first organisation and its super administrator. */
export const SysInitBody = Type.Object({
  officeName: Type.String({ minLength: 1, maxLength: 100 }),
  username: Type.String({ minLength: 1, maxLength: 1024 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  /** The default brand's console language, picked on the initialisation page (the browser's by default). */
  defaultLanguage: Type.Optional(Type.Enum([...Languages])),
  /** The one-time setup token the server prints at start-up while it is not initialised. */
  token: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SysInitBody = Static<typeof SysInitBody>;

/** GET /f/common/publishKey answer: RSA public key in hex. */
export interface PublishKey {
  exponent: string;
  modulus: string;
  isLandingEncryption: boolean;
}

/** `userPwdType`: '1' ordinary, '2' strong. */
export type UserPwdType = '1' | '2';

/** Strong password rule: 8–64 characters with a lower-case letter, an upper-case letter, a digit and a symbol. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 64 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

/** Login name rule: 2–50 letters, digits, `_`, `.`, `-` or `@`. */
export const LOGIN_NAME_PATTERN = /^[A-Za-z0-9_.@-]{2,50}$/;

/** Route config entry as GET /routes returns it. */
export interface ServerRoute {
  key: string;
  path?: string;
  parent?: string;
  name: Record<string, string>;
  icon?: string;
  permission: string;
  roles?: string[];
  hidden: boolean;
  sort: number;
}

/** The logged-in user record (spec section 3). */
export interface UserInfo {
  id: number;
  loginName: string;
  name: string;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  secondDomainName: string | null;
  /** Kind of the user's institution: platform, agent, customer or office. */
  personalType: string | null;
  logo: string | null;
  /** The user's data range: all, officeAndBelow, office or self. */
  dataRange: 'all' | 'officeAndBelow' | 'office' | 'self';
  userPwdType: UserPwdType;
  pwdPastDue: boolean;
  /** When this session signed in (ISO 8601), or null. */
  lastLoginAt: string | null;
  office: { id: number; name: string; kind: string } | null;
  permissions: AuthorityRecord[];
  roles: AuthorityRecord[];
  routes: ServerRoute[];
}

/** Brand configuration fields (spec section 1). */
export interface BrandConfig {
  brand: 'default' | 'second';
  title: string;
  tag: string;
  showLogo: boolean;
  textStart: string;
  dualScreen: boolean;
  copyRight: string;
  linkList: { link: string; name: string }[];
  customContent: string;
  logo: string;
  icoImg: string;
  lightShow: boolean;
  soundShow: boolean;
  powerSet: boolean;
  backgroundImage: string;
  defaultLanguage: string;
  showRegister: boolean;
}
