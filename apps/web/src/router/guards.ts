/** Route loaders deciding where signed-in and signed-out users may go. */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { preloadFeedback } from '../components/feedback/feedback-loader';
import { checkIsLogin } from '../services/auth';
import { userInfoQuery } from '../services/queries';
import { queryClient } from '../services/query-client';
import { HOME_PATH } from '../utils/redirect';

/** Whether the session cookie is valid; the cookie is HttpOnly, so the server is asked. */
async function isSignedIn(): Promise<boolean> {
  try {
    return await checkIsLogin();
  } catch {
    return false;
  }
}

/** `/`: to `/home` when signed in, to `/login` otherwise. */
export async function rootRedirect(): Promise<Response> {
  return redirect((await isSignedIn()) ? HOME_PATH : '/login');
}

/** Pages that need a session: signed-out users go to `/login?redirect=<where they wanted to go>`. */
export async function requireSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  if (await isSignedIn()) {
    // Asked now, not once the shell's chunk has loaded and mounted: the shell waits for the user.
    void queryClient.prefetchQuery(userInfoQuery());
    // Signed-in pages use antd's messages and dialogs: their code loads beside the shell's.
    void preloadFeedback();
    return null;
  }
  const url = new URL(request.url);
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
