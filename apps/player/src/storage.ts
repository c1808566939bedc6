import type { Manifest, PlayEvent, TerminalMessagePayload } from '@apm/contract';
import type { MessageLayerMemory } from '@apm/renderer';
import { newEventId, type PlayStore, type StoredPlayEvent } from './play-events.js';
import type { PowerEntry } from './power-schedule.js';

/** Who this browser is to the server: its device id, and once registered its token. */
export interface Identity {
  deviceId: string;
  terminalId: number | null;
  token: string | null;
}

/** What commands set on this terminal and must survive a reload. */
export interface DeviceSettings {
  volume: number;
  powerSchedule: PowerEntry[];
  location: { latitude: number; longitude: number; address?: string } | null;
}

const IDENTITY_KEY = 'apm.player.identity';
const SETTINGS_KEY = 'apm.player.settings';
const DEFAULT_SETTINGS: DeviceSettings = { volume: 100, powerSchedule: [], location: null };

/** A random device id: `crypto.randomUUID` where the page is a secure context, random bytes otherwise. */
export function newDeviceId(): string {
  if (typeof crypto.randomUUID === 'function') return `web-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** The stored identity, or a new one (a device id made once and kept). */
export function loadIdentity(): Identity {
  const stored = readJson<Identity>(IDENTITY_KEY);
  if (stored && typeof stored.deviceId === 'string' && stored.deviceId.length >= 8) return stored;
  const identity: Identity = { deviceId: newDeviceId(), terminalId: null, token: null };
  saveIdentity(identity);
  return identity;
}

export function saveIdentity(identity: Identity): void {
  localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
}

export function loadSettings(): DeviceSettings {
  return { ...DEFAULT_SETTINGS, ...readJson<Partial<DeviceSettings>>(SETTINGS_KEY) };
}

export function saveSettings(settings: DeviceSettings): void {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
}

const DB_NAME = 'apm-player';
const STORE = 'kv';
/** Proof-of-play events until acknowledged: auto-increment keys (oldest first), unique index on the event id. */
const PLAYS = 'plays';
const PLAYS_BY_ID = 'byId';

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      if (event.oldVersion < 1) db.createObjectStore(STORE);
      if (event.oldVersion < 2) {
        db.createObjectStore(PLAYS, { autoIncrement: true }).createIndex(PLAYS_BY_ID, 'id', { unique: true });
        if (event.oldVersion >= 1) movePlayEvents(request.transaction!);
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  return dbPromise;
}

/** Version 1 kept unsent events as one array under `playEvents`: they move to the store, with ids. */
function movePlayEvents(tx: IDBTransaction): void {
  const kvStore = tx.objectStore(STORE);
  const read = kvStore.get('playEvents');
  read.onsuccess = () => {
    const plays = tx.objectStore(PLAYS);
    for (const event of (read.result as PlayEvent[] | undefined) ?? [])
      plays.add({ ...event, id: event.id ?? newEventId() });
    kvStore.delete('playEvents');
  };
}

async function kv<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = run(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result as T);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** The last manifest received (what plays while the server is away), or null. */
export async function loadManifest(): Promise<Manifest | null> {
  return ((await kv<Manifest | undefined>('readonly', (s) => s.get('manifest'))) ?? null) as Manifest | null;
}

/** Keeps the manifest (null forgets it). */
export async function saveManifest(manifest: Manifest | null): Promise<void> {
  await kv('readwrite', (s) => (manifest ? s.put(manifest, 'manifest') : s.delete('manifest')));
}

/** Runs one request in a transaction over the plays store and resolves once it is committed. */
async function plays<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore, done: (v: T) => void) => void,
): Promise<T> {
  const db = await openDb();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(PLAYS, mode);
    let value: T;
    run(tx.objectStore(PLAYS), (v) => (value = v));
    tx.oncomplete = () => resolve(value);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Proof-of-play events in IndexedDB until the server acknowledges them (see {@link PlayStore}). */
export const indexedDbPlayStore: PlayStore = {
  append: (events) =>
    plays<void>('readwrite', (store) => {
      // An id kept already (an event added twice) stays where it is.
      for (const e of events)
        store.index(PLAYS_BY_ID).getKey(e.id).onsuccess = function () {
          if (this.result === undefined) store.add(e);
        };
    }),
  oldest: (limit, skip) =>
    plays<StoredPlayEvent[]>('readonly', (store, done) => {
      const out: StoredPlayEvent[] = [];
      done(out);
      store.openCursor().onsuccess = function () {
        const cursor = this.result;
        if (!cursor || out.length >= limit) return;
        const event = cursor.value as StoredPlayEvent;
        if (!skip.has(event.id)) out.push(event);
        cursor.continue();
      };
    }),
  remove: (ids) =>
    plays<void>('readwrite', (store) => {
      const byId = store.index(PLAYS_BY_ID);
      for (const id of ids)
        byId.getKey(id).onsuccess = function () {
          if (this.result !== undefined) store.delete(this.result);
        };
    }),
  count: () =>
    plays<number>('readonly', (store, done) => {
      store.count().onsuccess = function () {
        done(this.result);
      };
    }),
  trim: (capacity) =>
    plays<number>('readwrite', (store, done) => {
      store.count().onsuccess = function () {
        let extra = this.result - capacity;
        done(Math.max(0, extra));
        if (extra <= 0) return;
        store.openKeyCursor().onsuccess = function () {
          const cursor = this.result;
          if (!cursor || extra-- <= 0) return;
          store.delete(cursor.primaryKey);
          cursor.continue();
        };
      };
    }),
};

/** The messages this terminal holds (shown by their schedule, offline too). */
export async function loadMessages(): Promise<TerminalMessagePayload[]> {
  return (await kv<TerminalMessagePayload[] | undefined>('readonly', (s) => s.get('messages'))) ?? [];
}

export async function saveMessages(messages: readonly TerminalMessagePayload[]): Promise<void> {
  await kv('readwrite', (s) => s.put(messages, 'messages'));
}

/** What the message layer remembered of its showings (so a reload does not show one over). */
export async function loadMessageMemory(): Promise<MessageLayerMemory | null> {
  return (await kv<MessageLayerMemory | undefined>('readonly', (s) => s.get('messageMemory'))) ?? null;
}

export async function saveMessageMemory(memory: MessageLayerMemory): Promise<void> {
  await kv('readwrite', (s) => s.put(memory, 'messageMemory'));
}
