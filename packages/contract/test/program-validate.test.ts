import { describe, expect, it } from 'vitest';
import {
  PROGRAM_FORMAT_VERSION,
  programMaterialIds,
  type ProgramDocument,
  type Scene,
  type Widget,
} from '../src/program.js';
import { migrateProgram, programVersionOf, validateProgram } from '../src/program-validate.js';

const font = { family: 'sans-serif', size: 48, color: '#ffffff' };

function widget(
  id: string,
  type: Widget['type'],
  props: Record<string, unknown>,
  z = 0,
): Record<string, unknown> {
  return { id, type, x: 0, y: 0, w: 400, h: 200, rotation: 0, z, props };
}

function scene(id: string, widgets: Record<string, unknown>[] = [], extra: Partial<Scene> = {}) {
  return {
    id,
    name: id,
    main: true,
    background: { color: '#000000', materialId: null, fit: 'cover' },
    durationMs: 10_000,
    untilTouched: false,
    transition: { name: 'fade', durationMs: 500 },
    widgets,
    ...extra,
  };
}

function doc(scenes: unknown[]): Record<string, unknown> {
  return {
    formatVersion: PROGRAM_FORMAT_VERSION,
    name: 'Lobby',
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes,
  };
}

const everyWidget = [
  widget('t', 'text', {
    html: '<b>Hi</b>',
    font,
    align: 'left',
    verticalAlign: 'top',
    marquee: { direction: 'left', speed: 80 },
  }),
  widget('i', 'image', {
    items: [
      { materialId: 3, durationMs: 5000, transition: { name: 'slide', direction: 'right', durationMs: 600 } },
    ],
    fit: 'contain',
  }),
  widget('v', 'video', {
    items: [{ materialId: 4 }, { materialId: 3 }],
    muted: true,
    loop: true,
    fit: 'cover',
  }),
  widget('a', 'audio', { items: [{ materialId: 5 }], loop: true, volume: 40 }),
  widget('w', 'web', { url: 'https://example.org/board', refreshSeconds: 60 }),
  widget('c', 'clock', { format: 'hh:mm:ss', timeZone: 'Asia/Shanghai', font, align: 'center' }),
  widget('we', 'weather', { city: 'Rome', units: 'metric', font, refreshMinutes: 30 }),
  widget('q', 'qrcode', {
    text: 'https://example.org',
    foreground: '#000',
    background: '#ffffff',
    margin: 2,
  }),
  widget('cd', 'countdown', {
    target: '2027-01-01T00:00:00Z',
    format: 'D [days] HH:mm:ss',
    doneText: 'Now',
    font,
  }),
  widget('b', 'button', {
    label: 'Menu',
    action: 'scene',
    targetSceneId: 'menu',
    font,
    background: '#3366ff',
    radius: 8,
  }),
  widget('l', 'live', { url: 'https://example.org/live.m3u8', muted: true }),
];

describe('validateProgram at the current version', () => {
  it('accepts a document with every widget type and reports no migration', () => {
    const result = validateProgram(
      doc([
        scene('home', everyWidget, { background: { color: '#112233', materialId: 7, fit: 'cover' } }),
        scene('menu', [], { main: false }),
      ]),
    );
    expect(result.ok, JSON.stringify(!result.ok && result.problems)).toBe(true);
    if (!result.ok) return;
    expect(result.migratedFrom).toBeNull();
    expect(programMaterialIds(result.program)).toEqual([7, 3, 4, 5]);
  });

  it.each([
    ['/name', (d: Record<string, unknown>) => ({ ...d, name: '' })],
    [
      '/canvas/w',
      (d: Record<string, unknown>) => ({
        ...d,
        canvas: { w: 8, h: 1080, realWidth: 1920, realHeight: 1080 },
      }),
    ],
    ['/scenes', (d: Record<string, unknown>) => ({ ...d, scenes: [] })],
    [
      '/scenes/0/durationMs',
      (d: Record<string, unknown>) => ({ ...d, scenes: [scene('s', [], { durationMs: 10 })] }),
    ],
    [
      '/scenes/0/background/color',
      (d: Record<string, unknown>) => ({
        ...d,
        scenes: [scene('s', [], { background: { color: 'red', materialId: null, fit: 'cover' } })],
      }),
    ],
    [
      '/scenes/0/transition/name',
      (d: Record<string, unknown>) => ({
        ...d,
        scenes: [scene('s', [], { transition: { name: 'wobble' as 'fade', durationMs: 1 } })],
      }),
    ],
    [
      '/scenes/0/widgets/0/rotation',
      (d: Record<string, unknown>) => ({
        ...d,
        scenes: [scene('s', [{ ...everyWidget[0], rotation: 720 }])],
      }),
    ],
  ])('names the bad field %s', (path, spoil) => {
    const result = validateProgram(spoil(doc([scene('s')])));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toContain(path);
    expect(result.problems.every((p) => p.message.length > 0)).toBe(true);
  });

  it('checks each widget against the props of its type, naming the prop path', () => {
    const result = validateProgram(
      doc([
        scene('s', [
          widget('c', 'clock', { format: '', timeZone: null, font, align: 'center' }),
          widget('q', 'qrcode', { text: 'x', foreground: '#000', background: '#fff', margin: 99 }),
          widget('w', 'web', { url: 'javascript:alert(1)', refreshSeconds: 0 }),
          widget('i', 'image', {
            items: [{ materialId: 0, durationMs: 5000, transition: { name: 'none', durationMs: 0 } }],
            fit: 'cover',
          }),
        ]),
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.problems.map((p) => p.path);
    expect(paths).toContain('/scenes/0/widgets/0/props/format');
    expect(paths).toContain('/scenes/0/widgets/1/props/margin');
    expect(paths).toContain('/scenes/0/widgets/2/props/url');
    expect(paths).toContain('/scenes/0/widgets/3/props/items/0/materialId');
  });

  it('refuses an unknown widget type at its type field', () => {
    const result = validateProgram(
      doc([scene('s', [widget('x', 'text', {}), { ...widget('y', 'text', {}), type: 'marquee' }])]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toContain('/scenes/0/widgets/1/type');
  });

  it('refuses duplicate scene ids and duplicate widget ids across scenes', () => {
    const result = validateProgram(
      doc([scene('s', [everyWidget[0]!]), scene('s', [everyWidget[0]!]), scene('t')]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: '/scenes/1/id', message: 'duplicate scene id s' },
        { path: '/scenes/1/widgets/0/id', message: 'duplicate widget id t' },
      ]),
    );
  });

  it('needs a main scene', () => {
    const result = validateProgram(doc([scene('s', [], { main: false })]));
    expect(result).toEqual({
      ok: false,
      problems: [{ path: '/scenes', message: 'needs at least one main scene' }],
    });
  });

  it('needs a jump button to name a scene of the program', () => {
    const jump = (target?: string) =>
      widget('b', 'button', {
        label: 'Go',
        action: 'scene',
        targetSceneId: target,
        font,
        background: '#000',
        radius: 0,
      });
    for (const target of ['nowhere', undefined]) {
      const result = validateProgram(doc([scene('s', [jump(target)])]));
      expect(result).toEqual({
        ok: false,
        problems: [
          { path: '/scenes/0/widgets/0/props/targetSceneId', message: 'must name a scene of this program' },
        ],
      });
    }
    const exit = widget('e', 'button', {
      label: 'Exit',
      action: 'exit',
      font,
      background: '#000',
      radius: 0,
    });
    expect(
      validateProgram(
        doc([
          scene(
            's',
            [exit, jump('s')].map((w, i) => ({ ...w, id: `w${i}` })),
          ),
        ]),
      ).ok,
    ).toBe(true);
  });

  it('refuses what is not a program', () => {
    for (const input of [null, 'text', [], {}, { formatVersion: '2' }]) {
      const result = validateProgram(input);
      expect(result).toEqual({
        ok: false,
        problems: [{ path: '/formatVersion', message: 'must be the format version number' }],
      });
    }
  });

  it('refuses a version newer than this code, and one no migration can read', () => {
    const newer = validateProgram({ ...doc([scene('s')]), formatVersion: PROGRAM_FORMAT_VERSION + 1 });
    expect(newer.ok).toBe(false);
    if (!newer.ok)
      expect(newer.problems[0]).toMatchObject({
        path: '/formatVersion',
        message: expect.stringMatching(/newer/),
      });
    const ancient = validateProgram({ ...doc([scene('s')]), formatVersion: 0 });
    expect(ancient).toEqual({
      ok: false,
      problems: [{ path: '/formatVersion', message: 'version 0 can no longer be read' }],
    });
  });
});

const v1 = {
  version: 1,
  name: 'Old lobby',
  width: 1280,
  height: 720,
  scenes: [
    {
      id: 'one',
      name: 'First',
      duration: 15,
      bgColor: '#102030',
      bgMaterialId: 9,
      transition: 'zoom',
      widgets: [
        {
          id: 'txt',
          type: 'text',
          left: 10,
          top: 20,
          width: 300,
          height: 100,
          rotate: 5,
          zIndex: 3,
          props: { html: 'Hi', font, align: 'center', verticalAlign: 'middle', marquee: null },
        },
        {
          id: 'clk',
          type: 'clock',
          left: 0,
          top: 0,
          width: 200,
          height: 50,
          props: { format: 'HH:mm', timeZone: null, font, align: 'left' },
        },
      ],
    },
    { id: 'two', duration: 0, widgets: [] },
  ],
};

describe('migration from version 1', () => {
  it('reads the declared version from formatVersion or version', () => {
    expect(programVersionOf(v1)).toBe(1);
    expect(programVersionOf({ formatVersion: 2 })).toBe(2);
    expect(programVersionOf({ version: 1.5 })).toBeNull();
  });

  it('moves the canvas, converts seconds to ms and 0 to "until touched", and widget boxes to x/y/w/h', () => {
    const result = validateProgram(v1);
    expect(result.ok, JSON.stringify(!result.ok && result.problems)).toBe(true);
    if (!result.ok) return;
    expect(result.migratedFrom).toBe(1);
    const program: ProgramDocument = result.program;
    expect(program.formatVersion).toBe(2);
    expect(program.canvas).toEqual({ w: 1280, h: 720, realWidth: 1280, realHeight: 720 });
    const [one, two] = program.scenes;
    expect(one).toMatchObject({
      id: 'one',
      name: 'First',
      main: true,
      durationMs: 15_000,
      untilTouched: false,
      background: { color: '#102030', materialId: 9, fit: 'cover' },
      transition: { name: 'zoom', durationMs: 800 },
    });
    expect(one!.widgets[0]).toMatchObject({ id: 'txt', x: 10, y: 20, w: 300, h: 100, rotation: 5, z: 3 });
    expect(one!.widgets[0]).not.toHaveProperty('left');
    expect(one!.widgets[1]).toMatchObject({ rotation: 0, z: 1 });
    expect(two).toMatchObject({
      name: '',
      untilTouched: true,
      durationMs: 10_000,
      background: { color: '#000000', materialId: null },
    });
    expect(programMaterialIds(program)).toEqual([9]);
  });

  it('validates after migrating, naming the path in the migrated document', () => {
    const bad = {
      ...v1,
      scenes: [{ ...v1.scenes[0], widgets: [{ ...v1.scenes[0]!.widgets[0], width: 0 }] }],
    };
    const result = validateProgram(bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toContain('/scenes/0/widgets/0/w');
  });

  it('does not change the input document', () => {
    const copy = structuredClone(v1);
    migrateProgram(copy);
    expect(copy).toEqual(v1);
  });
});
