/** Form rules shared by the user dialogs. Pure. */

/** The server's e-mail check. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The server's phone check. */
export const PHONE_PATTERN = /^[0-9+\- ]{5,20}$/;

/** Whether a new password passes the server's rule: 8–64 characters, not the login name. */
export function passwordAcceptable(password: string, loginName: string | undefined): boolean {
  return password.length >= 8 && password.length <= 64 && password !== loginName;
}
