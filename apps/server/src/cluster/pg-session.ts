import type { Client } from 'pg';

/** Longest wait for a connection or a query of a session: a silent network must not hang it. */
const TIMEOUT_MS = 10_000;

/**
 * Keepalive of the server's side, per session: a peer that vanished without closing its socket (a
 * host crash, a cut network) is dropped after about 20 s, releasing its advisory locks.
 */
const SERVER_KEEPALIVE = [
  'SET tcp_keepalives_idle = 5',
  'SET tcp_keepalives_interval = 5',
  'SET tcp_keepalives_count = 3',
];

/**
 * One dedicated PostgreSQL connection (not from the pool), for state that lives as long as a
 * session: advisory locks, LISTEN. It connects on first use and again after a failure; when it
 * breaks, every lock taken on it is gone, so `onLost` listeners hear of it at once.
 */
export class PgSession {
  private client: Client | null = null;
  private connecting: Promise<Client> | null = null;
  private closed = false;
  private readonly lostListeners = new Set<() => void>();
  private readonly notificationListeners = new Set<(channel: string, payload: string) => void>();

  /**
   * @param url PostgreSQL URL
   * @param name shows as `application_name` in `pg_stat_activity`
   * @param channels LISTENed to on every connection
   */
  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly channels: string[] = [],
  ) {}

  /** Whether the connection is up now. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** Calls `listener` whenever an open connection breaks (its session state is lost). */
  onLost(listener: () => void): void {
    this.lostListeners.add(listener);
  }

  /** Calls `listener` with each notification on the LISTENed channels. */
  onNotification(listener: (channel: string, payload: string) => void): void {
    this.notificationListeners.add(listener);
  }

  /** Runs a query, connecting first when needed; answers its rows. */
  async query<R>(text: string, values?: unknown[]): Promise<R[]> {
    const client = await this.connect();
    return (await client.query(text, values)).rows as R[];
  }

  /** Drops the connection (its locks are released by the server); the next query reconnects. */
  reset(): void {
    if (this.client) this.drop(this.client);
  }

  /** Closes the connection for good. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client ?? (await this.connecting?.catch(() => null));
    if (!client) return;
    this.drop(client);
  }

  private connect(): Promise<Client> {
    if (this.closed) return Promise.reject(new Error(`${this.name}: session closed`));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.url,
      application_name: this.name,
      keepAlive: true,
      keepAliveInitialDelayMillis: 5000,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
    });
    // Without listeners a broken connection would crash the process.
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    client.on('notification', (n) => {
      for (const listener of this.notificationListeners) listener(n.channel, n.payload ?? '');
    });
    try {
      await client.connect();
      for (const statement of SERVER_KEEPALIVE) await client.query(statement);
      for (const channel of this.channels) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      void client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      void client.end().catch(() => undefined);
      throw new Error(`${this.name}: session closed`);
    }
    this.client = client;
    return client;
  }

  private drop(client: Client): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    for (const listener of this.lostListeners) listener();
  }
}
