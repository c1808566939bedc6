/** Form rules shared by the user dialogs. Pure. */
import { rangesWithin, type DataRange } from '../../services/user-admin';

/** The server's e-mail check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's phone check. */
export const PHONE_PATTERN = /^[0-9+\- ]{5,20}$/;

/** Whether a new password passes the server's rule: 8–64 characters, not the login name. */
export function passwordAcceptable(password: string, loginName: string | undefined): boolean {
  return password.length >= 8 && password.length <= 64 && password !== loginName;
}

/** The signed-in user, as far as the data range choice goes. */
export interface RangeChooser {
  id: number;
  dataRange: DataRange;
  superAdmin: boolean;
}

/**
 * The data ranges the dialog offers for user `targetId` (undefined: a new user): none wider than the
 * caller's own, except that super administrators may always give themselves `all` back (as the server allows).
 */
export function rangesFor(me: RangeChooser | null, targetId: number | undefined): readonly DataRange[] {
  if (me?.superAdmin && targetId === me.id) return rangesWithin('all');
  return rangesWithin(me?.dataRange);
}
