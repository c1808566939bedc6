import type { Database } from '../../db/client.js';

/** System log: scrolling list, details and streamed exports of the audit log. */
export class LogService {
  constructor(private readonly db: Database) {}
}
