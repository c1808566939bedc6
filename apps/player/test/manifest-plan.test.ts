import { PROGRAM_FORMAT_VERSION, type Manifest, type ManifestMaterial } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { inWindow, manifestMaterials, materialUrl, planCache, playOrder } from '../src/manifest-plan.js';

const material = (id: number, size = id * 100): ManifestMaterial => ({
  id,
  kind: 'image',
  mime: 'image/png',
  url: `/apm-web/terminal/files/${id}`,
  size,
  md5: `md5-${id}`,
});

const program = (id: number, sort: number, materials: ManifestMaterial[]): Manifest['programs'][number] => ({
  id,
  name: `P${id}`,
  revision: 1,
  sort,
  materials,
  document: {
    formatVersion: PROGRAM_FORMAT_VERSION,
    name: `P${id}`,
    canvas: { w: 1920, h: 1080, realWidth: 1920, realHeight: 1080 },
    scenes: [],
  } as unknown as Manifest['programs'][number]['document'],
});

describe('manifest plans', () => {
  it('plays programs by sort, then id', () => {
    const manifest = { programs: [program(5, 2, []), program(9, 1, []), program(2, 2, [])] };
    expect(playOrder(manifest).map((p) => p.id)).toEqual([9, 2, 5]);
    expect(playOrder(null)).toEqual([]);
  });

  it('lists each material once, even when two programs use it', () => {
    const manifest = { programs: [program(1, 1, [material(1), material(2)]), program(2, 2, [material(2)])] };
    expect(manifestMaterials(manifest).map((m) => m.id)).toEqual([1, 2]);
  });

  it('fetches what is missing or stored with another size, and drops what is no longer needed', () => {
    const manifest = { programs: [program(1, 1, [material(1), material(2), material(3)])] };
    const cached = new Map([
      [1, 100],
      [2, 999],
      [7, 700],
    ]);
    const plan = planCache(manifest, cached);
    expect(plan.fetch.map((m) => m.id)).toEqual([2, 3]);
    expect(plan.drop).toEqual([7]);
  });

  it('drops everything when there is no manifest', () => {
    expect(planCache(null, new Map([[4, 1]]))).toEqual({ fetch: [], drop: [4] });
  });

  it('puts a URL relative to the API base under it', () => {
    expect(materialUrl({ url: '/apm-web/terminal/files/3' })).toBe('/apm-web/terminal/files/3');
    expect(materialUrl({ url: '/terminal/files/3' })).toBe('/apm-web/terminal/files/3');
    expect(materialUrl({ url: 'https://cdn.example/x.png' })).toBe('https://cdn.example/x.png');
  });
});

describe('inWindow', () => {
  const now = Date.parse('2030-05-01T12:00:00Z');
  const p = (id: number, startAt?: string | null, endAt?: string | null) => ({ id, startAt, endAt });

  it('keeps programs without a window and those whose window holds now', () => {
    const programs = [
      p(1),
      p(2, null, null),
      p(3, '2030-05-01T11:00:00Z', '2030-05-01T13:00:00Z'),
      p(4, '2030-05-01T12:00:00Z'),
      p(5, undefined, '2030-05-02T00:00:00Z'),
    ];
    expect(inWindow(programs, now).map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('leaves out programs before their start and from their end on', () => {
    const programs = [p(1, '2030-05-01T12:00:01Z'), p(2, null, '2030-05-01T12:00:00Z'), p(3, 'garbage')];
    expect(inWindow(programs, now).map((x) => x.id)).toEqual([3]);
  });
});
