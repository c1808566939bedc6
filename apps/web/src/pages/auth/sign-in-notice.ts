/** What another page may hand the sign-in page to say above its form (navigation state). */
export interface SignInNotice {
  /** A success to confirm, e.g. "Your organisation has been registered. Please sign in." */
  notice: string;
}

/** The notice in a navigation state, or null when there is none (any other state is ignored). */
export function signInNoticeOf(state: unknown): string | null {
  const notice = (state as Partial<SignInNotice> | null)?.notice;
  return typeof notice === 'string' && notice.trim() ? notice : null;
}
