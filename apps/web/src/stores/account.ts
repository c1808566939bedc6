/** The signed-in account, shared by the header, pages and (later) the menu and permission checks. */
import type { UserInfo } from '@apm/contract';
import { create } from 'zustand';

/** Account state. */
export interface AccountState {
  /** The signed-in user, `null` when unknown or signed out. */
  user: UserInfo | null;
  setUser(user: UserInfo | null): void;
  /** Forgets the account (sign-out, expired session). */
  clear(): void;
}

/** The account store. */
export const useAccountStore = create<AccountState>((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  clear: () => set({ user: null }),
}));
