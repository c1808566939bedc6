import type { Database } from '../../db/client.js';

/** Dictionary management: typed value lists with labels per language. */
export class DictionaryService {
  constructor(private readonly db: Database) {}
}
