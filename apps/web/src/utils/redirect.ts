/** Safe handling of the `redirect` query parameter of the sign-in page. */

/** Where a signed-in user lands by default. */
export const HOME_PATH = '/home';

const NO_RETURN = ['/login', '/logout', '/sysInit'];

/**
 * The in-app path to go to after sign-in: the `redirect` parameter when it is a same-origin
 * path (never `//host` or `https://…`, which would make an open redirect) and not a sign-in
 * page itself; `/home` otherwise.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return HOME_PATH;
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === '/' || NO_RETURN.some((p) => path === p || path.startsWith(p + '/'))) return HOME_PATH;
  return target;
}
