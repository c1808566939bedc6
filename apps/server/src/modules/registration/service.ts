import type { Database } from '../../db/client.js';

/** Self-registration and forgotten-password recovery (first brand only). */
export class RegistrationService {
  constructor(private readonly db: Database) {}
}
