import type { Database } from '../../db/client.js';

/** Personal center: own profile, avatar, password, bound e-mail and phone. */
export class AccountService {
  constructor(private readonly db: Database) {}
}
