import type { Database } from '../../db/client.js';

/** Common problem management: FAQ entries per language. */
export class FaqService {
  constructor(private readonly db: Database) {}
}
