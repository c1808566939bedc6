import { API_BASE, type Manifest, type ManifestMaterial, type ProgramDocument } from '@apm/contract';

/** One program of a manifest, its document typed as the renderer takes it (the server validated it). */
export type ManifestProgram = Omit<Manifest['programs'][number], 'document'> & { document: ProgramDocument };

/** The manifest's programs in play order (`sort`, then id). */
export function playOrder(manifest: Pick<Manifest, 'programs'> | null): ManifestProgram[] {
  if (!manifest) return [];
  return ([...manifest.programs] as ManifestProgram[]).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** The programs whose publication window holds `now` (no window: always); an unreadable bound is open. */
export function inWindow<P extends { startAt?: string | null; endAt?: string | null }>(
  programs: readonly P[],
  now: number,
): P[] {
  return programs.filter((p) => {
    const start = p.startAt ? Date.parse(p.startAt) : NaN;
    const end = p.endAt ? Date.parse(p.endAt) : NaN;
    return !(start > now) && !(end <= now);
  });
}

/** Every material the manifest needs, once each (a material used by two programs is fetched once). */
export function manifestMaterials(manifest: Pick<Manifest, 'programs'> | null): ManifestMaterial[] {
  const byId = new Map<number, ManifestMaterial>();
  for (const program of manifest?.programs ?? []) {
    for (const material of program.materials) if (!byId.has(material.id)) byId.set(material.id, material);
  }
  return [...byId.values()];
}

/** The URL to download a material from: the manifest's URL, under the API base when it is relative to it. */
export function materialUrl(material: Pick<ManifestMaterial, 'url'>): string {
  const url = material.url;
  if (/^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`)) return url;
  return `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** What the cache must fetch and may drop to hold exactly the manifest's materials. */
export interface CachePlan {
  fetch: ManifestMaterial[];
  drop: number[];
}

/**
 * Compares the cache (material id → stored size) with the manifest: a material missing, or
 * stored with a size other than the manifest's, is fetched; a stored one no longer needed is dropped.
 */
export function planCache(
  manifest: Pick<Manifest, 'programs'> | null,
  cached: ReadonlyMap<number, number>,
): CachePlan {
  const needed = manifestMaterials(manifest);
  const neededIds = new Set(needed.map((m) => m.id));
  return {
    fetch: needed.filter((m) => cached.get(m.id) !== m.size),
    drop: [...cached.keys()].filter((id) => !neededIds.has(id)),
  };
}
