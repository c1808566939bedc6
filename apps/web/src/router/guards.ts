/** Route loaders deciding where signed-in and signed-out users may go. */
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { preloadFeedback } from '../components/feedback/feedback-loader';
import { checkIsLogin } from '../services/auth';
import { queryKeys, userInfoQuery } from '../services/queries';
import { queryClient } from '../services/query-client';
import { RequestError } from '../services/request';
import { getUserInfo } from '../services/user';
import { HOME_PATH } from '../utils/redirect';

/** Local-storage flag: the last session check in this browser found a session. */
const SIGNED_IN_HINT = 'apm:signed-in';

function readHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

function writeHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    /* no storage: no hint, the user is asked after the check */
  }
}

/** Whether the session cookie is valid; the cookie is HttpOnly, so the server is asked. */
async function isSignedIn(): Promise<boolean> {
  const signedIn = await checkIsLogin().catch(() => false);
  writeHint(signedIn);
  return signedIn;
}

/**
 * Asks for the user beside the session check instead of after it when the last check in this browser
 * found a session: one round trip less before the shell can draw. Should the session be gone, the
 * server answers `logout`, which must not send the visitor to `/logout` (they go to `/login` like
 * before), hence no redirect and no toast from that call. Without the hint the user is asked once the
 * check has found a session (a signed-out visitor's browser logs no refused call).
 */
function prefetchUser(check: Promise<boolean>): Promise<void> {
  if (!readHint())
    return check.then((signedIn) => (signedIn ? queryClient.prefetchQuery(userInfoQuery()) : undefined));
  return queryClient.prefetchQuery({
    ...userInfoQuery(),
    queryFn: () => getUserInfo({ skipLogoutRedirect: true }),
  });
}

/** The session check and, beside or right after it, the user. */
function checkSession() {
  const check = isSignedIn();
  return { check, user: prefetchUser(check) };
}

/** The user asked for while the session was unknown failed as signed out, though it is not: ask again. */
function refetchUserIfRefused(): void {
  const { error } = queryClient.getQueryState(queryKeys.userInfo) ?? {};
  if (error instanceof RequestError && error.status === 401) void queryClient.prefetchQuery(userInfoQuery());
}

/** The session check of the first page, started before the router exists (see {@link startSessionCheck}). */
let startedCheck: { check: Promise<boolean>; user: Promise<void> } | undefined;

/**
 * Starts the session check and the user record for the page the console opens on, when its route
 * needs a session: called by the entry before it creates the router, so these two calls go out ahead
 * of the route's ~60 chunk requests (HTTP/1.1 serves six at a time) rather than behind them.
 */
export function startSessionCheck(routes: RouteObject[], pathname: string): void {
  const matches = matchRoutes(routes, pathname) ?? [];
  const needsSession = matches.some(
    (m) => m.route.loader === requireSignedIn || m.route.loader === rootRedirect,
  );
  if (needsSession) startedCheck = checkSession();
}

/** The check started for the first page, once; later navigations ask afresh. */
function takeStartedCheck() {
  const started = startedCheck;
  startedCheck = undefined;
  return started;
}

/** `/`: to `/home` when signed in, to `/login` otherwise. */
export async function rootRedirect(): Promise<Response> {
  const started = takeStartedCheck();
  const signedIn = await (started?.check ?? isSignedIn());
  return redirect(signedIn ? HOME_PATH : '/login');
}

/** Pages that need a session: signed-out users go to `/login?redirect=<where they wanted to go>`. */
export async function requireSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  const started = takeStartedCheck() ?? checkSession();
  if (await started.check) {
    void started.user.then(refetchUserIfRefused);
    // Signed-in pages use antd's messages and dialogs: their code loads beside the shell's.
    void preloadFeedback();
    return null;
  }
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
