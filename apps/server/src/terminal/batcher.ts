/**
 * Loads keys in batches: the keys asked for while a load is running wait for it and then go
 * together in the next one, so that thousands of terminals connecting at once cost a few queries,
 * not a few per terminal — while a lone key is loaded at once.
 */
export class Batcher<K, V> {
  private waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  private scheduled = false;
  private running = false;

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 2000,
  ) {}

  /** The value of one key (undefined when the load did not answer it). */
  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled || this.waiting.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.run();
    });
  }

  private async run(): Promise<void> {
    if (this.running || this.waiting.size === 0) return;
    this.running = true;
    const batch = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
    for (const [key, waiters] of this.waiting) {
      if (batch.size >= this.maxBatch) break;
      batch.set(key, waiters);
    }
    for (const key of batch.keys()) this.waiting.delete(key);
    try {
      const values = await this.loadMany([...batch.keys()]);
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}
