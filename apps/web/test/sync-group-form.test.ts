import type { SyncGroupDetail } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  fitTiles,
  formFieldOf,
  formatOffset,
  formValuesOf,
  membersProblem,
  type SyncFormValues,
} from '../src/pages/terminal-sync/sync-form';

const member = (terminalId: number, column: number, row: number) => ({
  terminalId,
  name: `T${terminalId}`,
  officeName: 'Shop',
  column,
  row,
  online: false,
  health: 'offline' as const,
  lastSeenAt: null,
  clockSkewMs: null,
  clockOffsetMs: null,
  clockDelayMs: null,
  frameErrorP95Ms: null,
});

const wallGroup: SyncGroupDetail = {
  id: 7,
  name: 'Lobby wall',
  mode: 'wall',
  officeId: 1,
  officeName: 'Shop',
  programId: 3,
  programName: 'Loop',
  programWidth: 3840,
  programHeight: 1080,
  columns: 2,
  rows: 1,
  epochMs: 1_700_000_000_000,
  memberCount: 2,
  onlineCount: 0,
  creatorName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  members: [member(11, 1, 0), member(10, 0, 0)],
};

const values = (patch: Partial<SyncFormValues>): SyncFormValues => ({
  name: 'G',
  mode: 'wall',
  programId: 3,
  columns: 2,
  rows: 1,
  terminals: [],
  tiles: {},
  ...patch,
});

describe('sync group form', () => {
  it('reads a wall into tiles and writes it back as members in reading order', () => {
    const form = formValuesOf(wallGroup);
    expect(form.tiles).toEqual({ '1,0': 11, '0,0': 10 });
    expect(bodyOf(form, 7)).toEqual({
      id: 7,
      name: 'Lobby wall',
      programId: 3,
      mode: 'wall',
      columns: 2,
      rows: 1,
      members: [
        { terminalId: 10, column: 0, row: 0 },
        { terminalId: 11, column: 1, row: 0 },
      ],
    });
    expect(formValuesOf(null)).toMatchObject({ mode: 'wall', columns: 2, rows: 1, terminals: [] });
  });

  it('writes a mirror as its terminals, without tiles', () => {
    const body = bodyOf(
      values({
        mode: 'mirror',
        terminals: [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ],
        tiles: { '0,0': 1 },
      }),
    );
    expect(body).toEqual({
      name: 'G',
      programId: 3,
      mode: 'mirror',
      members: [{ terminalId: 1 }, { terminalId: 2 }],
    });
  });

  it('fits tiles to a smaller grid and places new terminals in the free tiles', () => {
    expect(fitTiles({ '0,0': 1, '2,0': 2 }, 2, 2, [1, 2, 3])).toEqual({ '0,0': 1, '1,0': 2, '0,1': 3 });
    // A terminal no longer chosen leaves its tile.
    expect(fitTiles({ '0,0': 1, '1,0': 2 }, 2, 1, [2])).toEqual({ '1,0': 2 });
    // More terminals than tiles: the rest stay unplaced.
    expect(fitTiles({}, 1, 1, [5, 6])).toEqual({ '0,0': 5 });
  });

  it('names what is wrong with the members before sending', () => {
    const two = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ];
    expect(membersProblem(values({ mode: 'mirror', terminals: [two[0]!] }))).toMatchObject({
      field: 'terminals',
      key: 'mirrorMin',
      count: 2,
    });
    expect(membersProblem(values({ mode: 'mirror', terminals: two }))).toBeNull();
    expect(membersProblem(values({ terminals: [] }))).toMatchObject({ key: 'wallMin' });
    expect(membersProblem(values({ terminals: two, tiles: { '0,0': 1 } }))).toMatchObject({
      field: 'tiles',
      key: 'unplaced',
      count: 1,
    });
    expect(membersProblem(values({ terminals: two, tiles: { '0,0': 1, '1,0': 1 } }))).toMatchObject({
      key: 'twice',
    });
    expect(membersProblem(values({ terminals: two, tiles: { '0,0': 2, '1,0': 1 } }))).toBeNull();
  });

  it('maps the server’s fields to the form and writes clock offsets', () => {
    expect(formFieldOf('members.1.column')).toBe('tiles');
    expect(formFieldOf('members.0.terminalId')).toBe('terminals');
    expect(formFieldOf('members')).toBe('terminals');
    expect(formFieldOf('programId')).toBe('programId');
    expect(formFieldOf('baseRevision')).toBeNull();
    expect(formatOffset(null)).toBe('—');
    expect(formatOffset(12.4)).toBe('+12 ms');
    expect(formatOffset(-3456)).toBe('−3.5 s');
  });
});
