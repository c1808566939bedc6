import type { CommandDelivery, Terminal, TerminalGroupNode, TerminalStatus } from '@apm/contract';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enUS from '../src/locales/en-US';
import terminalEn from '../src/pages/terminal-monitor/locales/en-US';
import { terminalErrorText } from '../src/pages/terminal-monitor/terminal-errors';
import {
  batchSettled,
  buildOfficeTree,
  countByState,
  diskUsedPercent,
  downloadPercent,
  findGroup,
  flattenGroups,
  groupTerminalTotal,
  liveStatusIds,
  mergeLiveStatus,
  normalizePairingCode,
  playingNow,
  presenceOf,
  screenshotIdOf,
} from '../src/pages/terminal-monitor/terminal-logic';
import { configureRequest, RequestError } from '../src/services/request';
import { moveTerminals, removeTerminals, sendCommand } from '../src/services/terminal';

const status = (over: Partial<TerminalStatus> = {}): TerminalStatus => ({
  playing: { kind: 'program', id: 7, name: 'Lobby loop' },
  volume: 40,
  appVersion: '1.2.0',
  clock: '2026-11-22T00:00:00Z',
  resolution: '1920x1080',
  ...over,
});

const terminal = (id: number, over: Partial<Terminal> = {}): Terminal => ({
  id,
  deviceId: `device-${id}`,
  name: `Screen ${id}`,
  state: 'claimed',
  officeId: 1,
  officeName: 'HQ',
  groupId: null,
  groupName: null,
  platform: 'web',
  appVersion: '1.0.0',
  resolution: '1280x720',
  online: false,
  lastSeenAt: null,
  status: null,
  latitude: null,
  longitude: null,
  address: null,
  claimedAt: '2026-11-21T10:00:00Z',
  createdAt: '2026-11-21T09:00:00Z',
  ...over,
});

const group = (id: number, terminalCount: number, children: TerminalGroupNode[] = []): TerminalGroupNode => ({
  id,
  officeId: 1,
  parentId: null,
  name: `Group ${id}`,
  terminalCount,
  children,
});

const delivery = (over: Partial<CommandDelivery>): CommandDelivery => ({
  id: 1,
  batchId: 'b1',
  terminalId: 1,
  terminalName: 'Screen 1',
  name: 'screenshot',
  params: {},
  state: 'queued',
  result: null,
  error: null,
  createdAt: '2026-11-22T00:00:00Z',
  sentAt: null,
  doneAt: null,
  expiresAt: '2026-11-23T00:00:00Z',
  ...over,
});

describe('terminal presence and live status', () => {
  it('tells pending, online and offline terminals apart', () => {
    expect(presenceOf({ state: 'pending', online: true })).toBe('pending');
    expect(presenceOf({ state: 'claimed', online: true })).toBe('online');
    expect(presenceOf({ state: 'claimed', online: false })).toBe('offline');
    expect(presenceOf({ state: 'claimed', online: true, health: 'late' })).toBe('late');
    // Offline wins over a stale grade.
    expect(presenceOf({ state: 'claimed', online: false, health: 'late' })).toBe('offline');
  });

  it('lays newer live status over the listed rows and leaves the others alone', () => {
    const rows = [terminal(1), terminal(2, { online: true, lastSeenAt: '2026-11-22T00:00:00Z' })];
    const merged = mergeLiveStatus(rows, [
      { id: 1, online: true, lastSeenAt: '2026-11-22T00:01:00Z', status: status(), downloads: [] },
      { id: 9, online: true, lastSeenAt: null, status: null, downloads: [] },
    ]);
    expect(merged.map((r) => [r.id, r.online, r.lastSeenAt, r.status?.volume ?? null])).toEqual([
      [1, true, '2026-11-22T00:01:00Z', 40],
      [2, true, '2026-11-22T00:00:00Z', null],
    ]);
    expect(rows[0]!.online).toBe(false);
  });

  it('asks live status only for claimed terminals', () => {
    expect(liveStatusIds([terminal(1), terminal(2, { state: 'pending' }), terminal(3)])).toEqual([1, 3]);
  });

  it('names what plays now, or nothing when no heartbeat came', () => {
    expect(playingNow(null)).toBeNull();
    expect(playingNow(status())).toEqual({ kind: 'program', label: 'Lobby loop' });
    expect(playingNow(status({ playing: { kind: 'message', id: 4 } }))).toEqual({
      kind: 'message',
      label: '#4',
    });
    expect(playingNow(status({ playing: { kind: 'idle' } }))).toEqual({ kind: 'idle', label: '' });
  });

  it('computes the disk share used, unknown without a total', () => {
    expect(diskUsedPercent(status({ disk: { free: 25, total: 100 } }))).toBe(75);
    expect(diskUsedPercent(status({ disk: { free: 0, total: 0 } }))).toBeNull();
    expect(diskUsedPercent(status())).toBeNull();
  });
});

describe('download progress', () => {
  it('is the share received, whole percent, capped at 100; an empty file counts as done', () => {
    expect(downloadPercent({ received: 0, total: 1000 })).toBe(0);
    expect(downloadPercent({ received: 999, total: 1000 })).toBe(99);
    expect(downloadPercent({ received: 1000, total: 1000 })).toBe(100);
    expect(downloadPercent({ received: 2000, total: 1000 })).toBe(100);
    expect(downloadPercent({ received: 0, total: 0 })).toBe(100);
  });
});

describe('pairing codes', () => {
  it('accepts six letters or digits however typed', () => {
    expect(normalizePairingCode(' ab3-k9x ')).toBe('AB3K9X');
    expect(normalizePairingCode('AB3 K9X')).toBe('AB3K9X');
  });
  it('refuses anything else', () => {
    expect(normalizePairingCode('AB3K9')).toBeNull();
    expect(normalizePairingCode('AB3K9XY')).toBeNull();
    expect(normalizePairingCode('AB3K9!')).toBeNull();
    expect(normalizePairingCode('')).toBeNull();
  });
});

describe('groups and the institution tree', () => {
  const tree = [group(1, 2, [group(2, 3, [group(4, 1)]), group(3, 0)]), group(5, 7)];

  it('flattens parents before children and finds a group anywhere', () => {
    expect(flattenGroups(tree).map((g) => g.id)).toEqual([1, 2, 4, 3, 5]);
    expect(findGroup(tree, 4)?.name).toBe('Group 4');
    expect(findGroup(tree, 42)).toBeUndefined();
  });

  it('counts the terminals of a group and every group below it', () => {
    expect(groupTerminalTotal(tree[0]!)).toBe(6);
    expect(groupTerminalTotal(tree[1]!)).toBe(7);
  });

  it('nests loaded institutions and keeps unloaded branches expandable', () => {
    const node = (id: number, hasChildren: boolean) => ({ id, hasChildren });
    const items = buildOfficeTree(
      [node(1, true), node(9, false)],
      new Map([
        [1, [node(2, true), node(3, true)]],
        [3, []],
      ]),
    );
    expect(items.map((i) => [i.key, i.isLeaf])).toEqual([
      [1, false],
      [9, true],
    ]);
    expect(items[0]!.children!.map((c) => [c.key, c.isLeaf, c.children])).toEqual([
      [2, false, undefined],
      [3, true, []],
    ]);
  });
});

describe('command delivery', () => {
  it('counts commands per state and settles only when none can change', () => {
    const list = [delivery({ state: 'acked' }), delivery({ state: 'queued' }), delivery({ state: 'acked' })];
    expect(countByState(list)).toEqual({ queued: 1, sent: 0, acked: 2, failed: 0, expired: 0 });
    expect(batchSettled(list)).toBe(false);
    expect(
      batchSettled([
        delivery({ state: 'acked' }),
        delivery({ state: 'failed' }),
        delivery({ state: 'expired' }),
      ]),
    ).toBe(true);
    expect(batchSettled([delivery({ state: 'sent' })])).toBe(false);
    expect(batchSettled([])).toBe(false);
  });

  it('finds the screenshot of an acknowledged screenshot command only', () => {
    expect(screenshotIdOf(delivery({ state: 'acked', result: { screenshotId: 12 } }))).toBe(12);
    expect(screenshotIdOf(delivery({ state: 'acked', result: { screenshotId: '13' } }))).toBe(13);
    expect(screenshotIdOf(delivery({ state: 'sent', result: { screenshotId: 12 } }))).toBeNull();
    expect(screenshotIdOf(delivery({ state: 'acked', result: { screenshotId: -1 } }))).toBeNull();
    expect(screenshotIdOf(delivery({ state: 'acked', result: null }))).toBeNull();
    expect(
      screenshotIdOf(delivery({ name: 'reboot', state: 'acked', result: { screenshotId: 12 } })),
    ).toBeNull();
  });
});

describe('terminal calls', () => {
  let calls: { url: string; body: string }[];
  const answer = (data: unknown, status = 200, jsonObject: unknown = null) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body ?? '') });
        return new Response(
          JSON.stringify({ code: status === 200 ? 0 : status, msg: 'refused', data, jsonObject }),
          {
            status,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }),
    );

  beforeAll(async () => {
    await i18n.init({
      lng: 'en-US',
      resources: { 'en-US': { translation: enUS, terminalMonitor: terminalEn } },
      interpolation: { escapeValue: false },
    });
  });
  beforeEach(() => {
    calls = [];
    configureRequest({ notifyError: () => undefined, navigate: () => undefined, currentPath: () => '/home' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a command to the terminals as one comma-joined list and follows its batch', async () => {
    answer({ batchId: 'abc', count: 2, commands: [] });
    expect(await sendCommand('screenshot', [3, 4])).toEqual({ batchId: 'abc', count: 2 });
    expect(calls[0]!.url).toBe('/apm-web/a/api/terminalSet/screenShoot');
    expect(new URLSearchParams(calls[0]!.body).get('terminalIds')).toBe('3,4');
  });

  it('sets the volume through terminalSet and follows the first batch', async () => {
    answer({ batchIds: ['v1'], count: 1 });
    expect(await sendCommand('volume', [5], { volume: 30 })).toEqual({ batchId: 'v1', count: 1 });
    expect(calls[0]!.url).toBe('/apm-web/a/api/terminalSet/terminalSet');
    const body = new URLSearchParams(calls[0]!.body);
    expect([body.get('volume'), body.get('terminalIds')]).toEqual(['30', '5']);
  });

  it('moves terminals as JSON, so that no group (null) reaches the server', async () => {
    answer({ terminalIds: [1, 2] });
    await moveTerminals({ terminalIds: [1, 2], officeId: 8, groupId: null });
    expect(calls[0]!.url).toBe('/apm-web/a/api/terminal/updateTerminalOffice');
    expect(JSON.parse(calls[0]!.body)).toEqual({ terminalIds: [1, 2], officeId: 8, groupId: null });
  });

  it('translates the refusals it knows and shows the server message otherwise', async () => {
    const refusal = async (status: number, jsonObject: unknown) => {
      answer(null, status, jsonObject);
      const failure = await removeTerminals([1]).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RequestError);
      return terminalErrorText(failure);
    };
    expect(await refusal(409, { reason: 'groupNotEmpty' })).toBe(terminalEn.errors.groupNotEmpty);
    expect(await refusal(404, { reason: 'notFound', fields: { pairingCode: 'no terminal' } })).toBe(
      terminalEn.errors.pairingCodeUnknown,
    );
    expect(await refusal(404, { reason: 'notFound' })).toBe(terminalEn.errors.notFound);
    expect(await refusal(409, { reason: 'terminalQuotaExceeded', officeName: 'Acme' })).toBe(
      'The terminal quota of “Acme” is used up',
    );
    expect(await refusal(409, { reason: 'terminalQuotaExceeded' })).toBe('refused');
    expect(await refusal(400, { reason: 'somethingNew' })).toBe('refused');
  });
});
