import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appUpdateParamsOf,
  isAppUrl,
  isTimeOfDay,
  locationParamsOf,
  scheduleEntriesOf,
  scheduleRowsOf,
} from '../src/pages/terminal-monitor/command-forms';
import { listPrograms } from '../src/services/program';
import { configureRequest } from '../src/services/request';
import {
  playProgram,
  sendAppUpdate,
  sendCommand,
  sendLocation,
  sendPowerSchedule,
} from '../src/services/terminal';

describe('power schedule form', () => {
  it('accepts only HH:mm times of a day', () => {
    expect(['00:00', '08:30', ' 23:59 '].map(isTimeOfDay)).toEqual([true, true, true]);
    expect(['24:00', '8:30', '08:60', '0830', '', undefined].map(isTimeOfDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('turns rows into protocol entries: times trimmed, weekdays distinct and sorted', () => {
    expect(
      scheduleEntriesOf([
        { weekdays: [5, 1, 3, 1], on: ' 08:00', off: '20:00 ' },
        { weekdays: [0, 6], on: '22:00', off: '02:00' },
      ]),
    ).toEqual([
      { weekdays: [1, 3, 5], on: '08:00', off: '20:00' },
      { weekdays: [0, 6], on: '22:00', off: '02:00' },
    ]);
    // No rows: the schedule is turned off.
    expect(scheduleEntriesOf([])).toEqual([]);
    expect(scheduleEntriesOf(undefined)).toEqual([]);
  });

  it('refuses a row the form should have stopped', () => {
    expect(() => scheduleEntriesOf([{ weekdays: [], on: '08:00', off: '20:00' }])).toThrow(/row 1/);
    expect(() =>
      scheduleEntriesOf([
        { weekdays: [1], on: '08:00', off: '20:00' },
        { weekdays: [1], on: '8:00', off: '20:00' },
      ]),
    ).toThrow(/row 2/);
  });

  it('prefills from a stored schedule, and from nothing that does not look like one', () => {
    const stored = [{ weekdays: [1, 2], on: '07:00', off: '19:30' }];
    expect(scheduleRowsOf({ volume: 20, powerSchedule: stored })).toEqual(stored);
    expect(scheduleRowsOf({ powerSchedule: [] })).toEqual([]);
    expect(scheduleRowsOf({ volume: 20 })).toBeNull();
    expect(scheduleRowsOf(undefined)).toBeNull();
    expect(scheduleRowsOf({ powerSchedule: [{ weekdays: [7], on: '07:00', off: '19:30' }] })).toBeNull();
    expect(scheduleRowsOf({ powerSchedule: [{ weekdays: [1], on: '7am', off: '19:30' }] })).toBeNull();
    expect(scheduleRowsOf({ powerSchedule: ['08:00'] })).toBeNull();
  });
});

describe('location and app update forms', () => {
  it('leaves an empty address out and keeps the coordinates', () => {
    expect(locationParamsOf({ latitude: 45.4642, longitude: 9.19, address: '  ' })).toEqual({
      latitude: 45.4642,
      longitude: 9.19,
    });
    expect(locationParamsOf({ latitude: 0, longitude: -180, address: ' Piazza del Duomo ' })).toEqual({
      latitude: 0,
      longitude: -180,
      address: 'Piazza del Duomo',
    });
    expect(() => locationParamsOf({ latitude: null, longitude: 9 })).toThrow();
  });

  it('takes only http(s) package addresses and trims the values', () => {
    expect(isAppUrl('https://cdn.example.com/player-2.0.apk')).toBe(true);
    expect(isAppUrl('http://10.0.0.5/app.apk')).toBe(true);
    expect(isAppUrl('ftp://example.com/app.apk')).toBe(false);
    expect(isAppUrl('javascript:alert(1)')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isAppUrl(`https://example.com/${'a'.repeat(2048)}`)).toBe(false);
    expect(appUpdateParamsOf({ url: ' https://x.test/a.apk ', version: ' 2.0.1 ' })).toEqual({
      url: 'https://x.test/a.apk',
      version: '2.0.1',
    });
    expect(() => appUpdateParamsOf({ url: 'https://x.test/a.apk', version: ' ' })).toThrow();
  });
});

describe('command calls', () => {
  let calls: { url: string; body: string }[];
  const answer = (data: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: String(init.body ?? '') });
        return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  const batch = { batchId: 'b1', count: 2, commands: [] };

  beforeEach(() => {
    calls = [];
    configureRequest({ notifyError: () => undefined, navigate: () => undefined, currentPath: () => '/home' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends each form command to its route as JSON', async () => {
    answer(batch);
    expect(await playProgram([1, 2], 9)).toEqual({ batchId: 'b1', count: 2 });
    await sendLocation([1, 2], { latitude: 45.5, longitude: 9.2 });
    await sendAppUpdate([1, 2], { url: 'https://x.test/a.apk', version: '2.0' });
    expect(calls.map((c) => [c.url, JSON.parse(c.body) as unknown])).toEqual([
      ['/apm-web/a/api/terminalSet/playProgram', { terminalIds: [1, 2], programId: 9 }],
      [
        '/apm-web/a/api/terminalSet/sendLocationOrder',
        { terminalIds: [1, 2], latitude: 45.5, longitude: 9.2 },
      ],
      [
        '/apm-web/a/api/terminalSet/sendApkUpdate',
        { terminalIds: [1, 2], url: 'https://x.test/a.apk', version: '2.0' },
      ],
    ]);
  });

  it('sends the power schedule as an array through terminalSet and follows its batch', async () => {
    answer({ batchIds: ['p1'], count: 1 });
    const entries = [{ weekdays: [1, 2], on: '08:00', off: '18:00' }];
    expect(await sendPowerSchedule([4], entries)).toEqual({ batchId: 'p1', count: 1 });
    expect(calls[0]!.url).toBe('/apm-web/a/api/terminalSet/terminalSet');
    expect(JSON.parse(calls[0]!.body)).toEqual({ terminalIds: [4], powerSchedule: entries });
  });

  it('deletes all cached files by sending no material ids', async () => {
    answer(batch);
    await sendCommand('deleteFiles', [3]);
    expect(calls[0]!.url).toBe('/apm-web/a/api/terminalSet/deleteFileByTerminalIds');
    const body = new URLSearchParams(calls[0]!.body);
    expect([body.get('terminalIds'), body.has('materialIds')]).toEqual(['3', false]);
  });

  it('lists approved programs with the search on the server', async () => {
    answer({ list: [], total: 0, pageNo: 1, pageSize: 50 });
    await listPrograms({ pageNo: 1, pageSize: 50, keyword: 'lobby', reviewState: 'approved' });
    const url = new URL(calls[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/apm-web/a/api/program/list');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pageNo: '1',
      pageSize: '50',
      keyword: 'lobby',
      reviewState: 'approved',
    });
  });
});
