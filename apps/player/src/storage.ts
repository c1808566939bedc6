import type { Manifest, PlayEvent, TerminalMessagePayload } from '@apm/contract';
import type { MessageLayerMemory } from '@apm/renderer';
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

let dbPromise: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  dbPromise ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  return dbPromise;
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

/** Proof-of-play events not yet sent. */
export async function loadPlayEvents(): Promise<PlayEvent[]> {
  return (await kv<PlayEvent[] | undefined>('readonly', (s) => s.get('playEvents'))) ?? [];
}

export async function savePlayEvents(events: readonly PlayEvent[]): Promise<void> {
  await kv('readwrite', (s) => s.put(events, 'playEvents'));
}

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
