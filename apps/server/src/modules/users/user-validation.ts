import { LOGIN_NAME_PATTERN } from '@apm/contract';
import type { DataRange } from '../../db/schema/index.js';
import { AppError, badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { RANGE_RANK } from './user-access.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^[0-9+\- ]{5,20}$/;

/** The plain fields of a user save, as validateFields checks them. */
export interface UserFieldsInput {
  loginName: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  password?: string;
}

/** A new user's data range when none is given: own office and below, never wider than the caller's. */
export const defaultRange = (auth: AuthContext): DataRange =>
  RANGE_RANK[auth.dataRange] < RANGE_RANK.officeAndBelow ? auth.dataRange : 'officeAndBelow';

/** 409 naming `loginName`. */
export const loginNameTaken = (loginName: string) =>
  new AppError(409, `loginName ${loginName} is already taken`, 'loginNameTaken', {
    fields: { loginName: `loginName ${loginName} is already taken` },
  });

/** Checks and normalises the plain fields of a save; one 400 naming every bad field. */
export function validateFields(input: UserFieldsInput, creating: boolean) {
  const errors: Record<string, string> = {};
  const loginName = input.loginName.trim();
  const name = input.name.trim();
  const email = input.email?.trim() || null;
  const phone = input.phone?.trim() || null;
  if (!LOGIN_NAME_PATTERN.test(loginName))
    errors.loginName = 'loginName must be 2–50 letters, digits or _ . @ -';
  if (!name || name.length > 100) errors.name = 'name must be 1–100 characters';
  if (email && (email.length > 254 || !EMAIL_PATTERN.test(email)))
    errors.email = 'email is not a valid e-mail address';
  if (phone && !PHONE_PATTERN.test(phone)) errors.phone = 'phone must be 5–20 digits, +, - or spaces';
  if (creating && !input.password) errors.password = 'password is required';
  if (Object.keys(errors).length) {
    throw badRequest(Object.values(errors).join('; '), 'validation', { fields: errors });
  }
  return { loginName, name, email, phone };
}
