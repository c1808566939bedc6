import type { MaterialFolder } from '@apm/contract';
import dayjs from 'dayjs';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildFolderTree,
  folderAndDescendants,
  folderPath,
  totalMaterialCount,
} from '../src/pages/materials/folder-tree';
import materials from '../src/pages/materials/locales/en-US';
import { materialErrorText } from '../src/pages/materials/material-errors';
import {
  dragIds,
  formatDuration,
  parseDragIds,
  processingIds,
  readMaterialView,
  toMaterialListParams,
  usageTypeOf,
  usagePercent,
  usagesOfRefusal,
  VIEW_STORAGE_KEY,
  writeMaterialView,
} from '../src/pages/materials/material-query';
import { RequestError } from '../src/services/request';

const page = { pageNo: 2, pageSize: 24 };

describe('material list parameters', () => {
  it('maps the folder choice: all (no folderId), top level (0) or one folder', () => {
    expect(toMaterialListParams('all', {}, {}, page)).toEqual({ pageNo: 2, pageSize: 24 });
    expect(toMaterialListParams('root', {}, {}, page).folderId).toBe(0);
    expect(toMaterialListParams(7, {}, {}, page).folderId).toBe(7);
  });

  it('trims the keyword, leaves out empty filters and sends whole days as ISO 8601', () => {
    const from = dayjs('2026-03-04T15:00:00');
    const to = dayjs('2026-03-05T08:00:00');
    const params = toMaterialListParams(
      'all',
      {
        keyword: '  logo ',
        kind: 'video',
        reviewState: 'pending',
        processState: 'failed',
        createdBy: 3,
        range: [from, to],
      },
      { field: 'size', order: 'desc' },
      page,
    );
    expect(params).toEqual({
      pageNo: 2,
      pageSize: 24,
      keyword: 'logo',
      kind: 'video',
      reviewState: 'pending',
      processState: 'failed',
      createdBy: 3,
      dateFrom: dayjs('2026-03-04T00:00:00').toISOString(),
      dateTo: dayjs('2026-03-05T23:59:59.999').toISOString(),
      sortField: 'size',
      sortOrder: 'desc',
    });
    expect(
      toMaterialListParams('all', { keyword: '   ', range: [null, null] }, { field: 'name' }, page),
    ).toEqual({
      pageNo: 2,
      pageSize: 24,
    });
  });
});

describe('remembered view', () => {
  it('answers the list only when the list was stored, the grid otherwise', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readMaterialView(storage)).toBe('grid');
    writeMaterialView(storage, 'list');
    expect(store.get(VIEW_STORAGE_KEY)).toBe('list');
    expect(readMaterialView(storage)).toBe('list');
    store.set(VIEW_STORAGE_KEY, 'bogus');
    expect(readMaterialView(storage)).toBe('grid');
    expect(readMaterialView(undefined)).toBe('grid');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(readMaterialView(broken)).toBe('grid');
    expect(() => writeMaterialView(broken, 'list')).not.toThrow();
  });
});

describe('processing, capacity, durations, refusals', () => {
  it('polls only queued and running materials', () => {
    expect(
      processingIds([
        { id: 1, processState: 'queued' },
        { id: 2, processState: 'done' },
        { id: 3, processState: 'running' },
        { id: 4, processState: 'failed' },
      ]),
    ).toEqual([1, 3]);
  });

  it('computes the used percent, capped at 100, null without a quota', () => {
    expect(usagePercent(512, 1024)).toBe(50);
    expect(usagePercent(1, 3)).toBe(33.3);
    expect(usagePercent(2048, 1024)).toBe(100);
    expect(usagePercent(5, null)).toBeNull();
    expect(usagePercent(5, 0)).toBeNull();
  });

  it('formats durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65_400)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(-1)).toBe('');
  });

  it('drags the whole selection from a selected card, else the card alone; reads drops safely', () => {
    expect(dragIds(new Set([3, 5]), 5)).toEqual([3, 5]);
    expect(dragIds(new Set([3, 5]), 9)).toEqual([9]);
    expect(parseDragIds('[3,5]')).toEqual([3, 5]);
    expect(parseDragIds('[3,"x",-1,2.5]')).toEqual([3]);
    expect(parseDragIds('not json')).toEqual([]);
    expect(parseDragIds('{"a":1}')).toEqual([]);
  });

  it('knows the usage types with a translated name, whatever their plural or case', () => {
    expect(usageTypeOf('program')).toBe('program');
    expect(usageTypeOf('Plans')).toBe('plan');
    expect(usageTypeOf('messages')).toBe('message');
    expect(usageTypeOf('terminal')).toBeUndefined();
  });

  it('reads the users of a refused delete from the envelope', () => {
    const refusal = new RequestError('Material in use', {
      code: 409,
      status: 409,
      kind: 'http',
      envelope: {
        code: 409,
        msg: 'in use',
        data: null,
        jsonObject: { usedBy: [{ type: 'program', id: 4, name: 'Lobby' }, { bogus: true }] },
      },
    });
    expect(usagesOfRefusal(refusal)).toEqual([{ type: 'program', id: 4, name: 'Lobby' }]);
    expect(usagesOfRefusal(new Error('x'))).toEqual([]);
  });
});

const folder = (id: number, parentId: number | null, name: string, materialCount = 0): MaterialFolder => ({
  id,
  parentId,
  name,
  officeId: 1,
  materialCount,
  childCount: 0,
});

describe('folder tree', () => {
  const folders = [
    folder(1, null, 'Ads', 2),
    folder(2, 1, 'Summer', 3),
    folder(3, 2, 'Week 1', 1),
    folder(4, null, 'Menus'),
    folder(5, 99, 'Orphan'),
  ];

  it('nests folders under their parents; unknown parents make roots', () => {
    const tree = buildFolderTree(folders);
    expect(tree.map((n) => n.name)).toEqual(['Ads', 'Menus', 'Orphan']);
    expect(tree[0]!.children[0]!.name).toBe('Summer');
    expect(tree[0]!.children[0]!.children[0]!.name).toBe('Week 1');
  });

  it('lists a folder and everything below it (move targets to refuse)', () => {
    expect([...folderAndDescendants(folders, 1)].sort()).toEqual([1, 2, 3]);
    expect([...folderAndDescendants(folders, 4)]).toEqual([4]);
  });

  it('answers the path of names and the total count', () => {
    expect(folderPath(folders, 3)).toEqual(['Ads', 'Summer', 'Week 1']);
    expect(folderPath(folders, 42)).toEqual([]);
    expect(totalMaterialCount(folders)).toBe(6);
  });
});

describe('material error texts', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { materials } } });
  });

  const failure = (status: number, msg: string, reason?: string) =>
    new RequestError(msg, {
      code: status,
      status,
      kind: 'http',
      envelope: { code: status, msg, data: null, jsonObject: reason ? { reason } : null },
    });

  it('translates the reasons it knows, else shows the server message', () => {
    expect(
      materialErrorText(failure(409, 'Ads is not empty: it holds 2 material(s)', 'folderNotEmpty')),
    ).toBe(materials.errors.folderNotEmpty);
    expect(materialErrorText(failure(409, 'dup', 'duplicateName'))).toBe(materials.errors.duplicateName);
    expect(materialErrorText(failure(413, 'exceeds the upload limit of 400 MB', 'tooLarge'))).toBe(
      'exceeds the upload limit of 400 MB',
    );
    expect(materialErrorText(new Error('boom'))).toBe('Error: boom');
  });
});
