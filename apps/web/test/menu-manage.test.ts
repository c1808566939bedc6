import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  countNodes,
  findNode,
  movedOrder,
  parentOptions,
  siblingsOf,
  subtreeKeys,
} from '../src/pages/menus/menu-tree';
import {
  changedSettings,
  effectiveUploadMb,
  stableJson,
  toFormValues,
} from '../src/pages/system-settings/settings-form';
import {
  announcementStatus,
  formFieldOf,
  formLanguages,
  periodInOrder,
  toAnnouncement,
  toFormValues as announcementForm,
} from '../src/pages/announcements/announcement-form';
import type { MenuTreeNode } from '../src/services/menu';
import type { SettingItem } from '../src/services/settings';

const node = (key: string, children: MenuTreeNode[] = [], parent?: string): MenuTreeNode => ({
  id: key.length,
  key,
  parent,
  name: { US: key },
  permission: '*',
  hidden: false,
  sort: 0,
  children,
});

describe('menu tree helpers', () => {
  const tree = [node('a', [node('a1', [node('a1x', [], 'a1')], 'a'), node('a2', [], 'a')]), node('b')];
  it('finds siblings and nodes', () => {
    expect(siblingsOf(tree, undefined).map((n) => n.key)).toEqual(['a', 'b']);
    expect(siblingsOf(tree, 'a').map((n) => n.key)).toEqual(['a1', 'a2']);
    expect(findNode(tree, 'a1x')?.key).toBe('a1x');
    expect(countNodes(tree)).toBe(5);
  });
  it('moves an entry up or down among its siblings, not past the ends', () => {
    expect(movedOrder(siblingsOf(tree, 'a'), 'a2', -1)).toEqual(['a2', 'a1']);
    expect(movedOrder(siblingsOf(tree, 'a'), 'a1', 1)).toEqual(['a2', 'a1']);
    expect(movedOrder(siblingsOf(tree, 'a'), 'a1', -1)).toBeNull();
    expect(movedOrder(siblingsOf(tree, undefined), 'b', 1)).toBeNull();
  });
  it('disables the edited entry and everything below it as a parent', () => {
    const excluded = subtreeKeys(findNode(tree, 'a1')!);
    expect([...excluded].sort()).toEqual(['a1', 'a1x']);
    const options = parentOptions(tree, (n) => n.key, excluded);
    expect(options[0]!.disabled).toBe(false);
    expect(options[0]!.children[0]).toMatchObject({ value: 'a1', disabled: true });
    expect(options[0]!.children[0]!.children[0]).toMatchObject({ value: 'a1x', disabled: true });
  });
});

describe('system settings form', () => {
  const item = (key: string, value: unknown, extra: Partial<SettingItem> = {}): SettingItem => ({
    key,
    value,
    default: value,
    description: key,
    type: 'boolean',
    editable: true,
    secret: false,
    ...extra,
  });
  const items = [
    item('auditOpen', false),
    item('uploadLimitSize', 400, { type: 'number' }),
    item('brandHosts', { 'a.example': 'second' }, { type: 'object' }),
    item('smtpServer', { host: '', port: 465 }, { type: 'object' }),
    item('smtpPassword', null, { secret: true, isSet: true, type: 'string' }),
    item('sysInitialised', true, { editable: false }),
  ];
  it('turns brand hosts into rows and secrets into empty inputs', () => {
    const values = toFormValues(items);
    expect(values.brandHosts).toEqual([{ host: 'a.example', brand: 'second' }]);
    expect(values.smtpPassword).toBe('');
  });
  it('saves only changed values and typed secrets', () => {
    const values = toFormValues(items);
    expect(changedSettings(items, values)).toEqual({ settings: [], secrets: [] });
    const changed = changedSettings(items, {
      ...values,
      auditOpen: true,
      smtpServer: { port: 465, host: '' },
      brandHosts: [
        { host: 'a.example', brand: 'second' },
        { host: ' B.example ', brand: 'default' },
      ],
      smtpPassword: 'pw',
      sysInitialised: false,
    });
    expect(changed.settings).toEqual([
      { key: 'auditOpen', value: true },
      { key: 'brandHosts', value: { 'a.example': 'second', 'b.example': 'default' } },
    ]);
    expect(changed.secrets).toEqual([{ key: 'smtpPassword', secret: 'pw' }]);
  });
  it('compares objects regardless of key order; the upload limit is 10240 MB while off', () => {
    expect(stableJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(stableJson({ a: [{ c: 3, d: 2 }], b: 1 }));
    expect(effectiveUploadMb(false, 25)).toBe(10240);
    expect(effectiveUploadMb(true, 25)).toBe(25);
  });
});

describe('announcement form', () => {
  it('converts both ways, with an empty end, keeping only the edited languages that have text', () => {
    const saved = {
      texts: { CN: { title: '维护', content: '内容' }, US: { title: 'Maintenance', content: 'Content' } },
      title: '维护',
      content: '内容',
      language: 'CN' as const,
      announcementTitleCh: '维护',
      announcementTitleEn: 'Maintenance',
      announcementContentCh: '内容',
      announcementContentEn: 'Content',
      announcemenStartTime: '2026-05-01T08:00:00.000Z',
      announcemenEndTime: '',
      colseTipOn: '1' as const,
    };
    const values = announcementForm(saved);
    expect(values.colseTipOn).toBe(true);
    expect(values.period?.[1]).toBeNull();
    expect(formLanguages(saved, 'IT')).toEqual(['CN', 'US']);
    expect(formLanguages(null, 'IT')).toEqual(['IT']);
    const edited = {
      ...values,
      texts: {
        ...values.texts,
        US: { title: '  Maintenance  ', content: 'Content' },
        FR: { title: ' ', content: '' },
      },
    };
    expect(toAnnouncement(edited, ['US', 'FR'])).toEqual({
      texts: { US: { title: 'Maintenance', content: 'Content' } },
      announcemenStartTime: '2026-05-01T08:00:00.000Z',
      announcemenEndTime: '',
      colseTipOn: '1',
    });
    expect(toAnnouncement(announcementForm(null), ['CN'])).toMatchObject({
      texts: {},
      colseTipOn: '0',
      announcemenStartTime: '',
    });
  });
  it('maps server field names to form fields', () => {
    expect(formFieldOf('texts.IT.title')).toEqual(['texts', 'IT', 'title']);
    expect(formFieldOf('announcementContentEn')).toEqual(['texts', 'US', 'content']);
    expect(formFieldOf('announcemenEndTime')).toEqual(['period']);
    expect(formFieldOf('texts')).toBeUndefined();
  });
  it('checks the period order and tells the status', () => {
    const start = dayjs('2026-05-01T08:00:00Z');
    expect(periodInOrder([start, start.add(1, 'hour')])).toBe(true);
    expect(periodInOrder([start, start])).toBe(false);
    expect(periodInOrder([null, start])).toBe(true);
    const a = toAnnouncement(
      { ...announcementForm(null), colseTipOn: true, period: [start, start.add(1, 'day')] },
      ['US'],
    );
    expect(announcementStatus(a, start.valueOf() - 1)).toBe('scheduled');
    expect(announcementStatus(a, start.valueOf() + 1)).toBe('active');
    expect(announcementStatus(a, start.add(2, 'day').valueOf())).toBe('ended');
    expect(announcementStatus({ ...a, colseTipOn: '0' }, start.valueOf() + 1)).toBe('off');
  });
});
