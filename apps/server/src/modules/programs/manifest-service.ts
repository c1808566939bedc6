import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Manifest, ManifestMaterial } from '@apm/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materialFiles, materials, type MaterialFileMeta } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { FilesDir } from '../materials/files-dir.js';
import type { TerminalSchedule } from '../plans/terminal-schedule.js';
import { loadTerminals, scheduleOf, type LoadedTerminal, type PublishedRow } from './manifest-load.js';
import { dropUnapprovedMaterials } from './manifest-approval.js';
import { addHeldMessages, heldPayload, terminalFileUrl } from './manifest-messages.js';
import { Batcher } from '../../terminal/batcher.js';
import { addSyncGroups, dropOrphanSync, type SyncedTerminal } from '../sync-groups/sync-manifest.js';

/** `material_files.meta` plus what the manifest keeps there: the digest of the converted rendition. */
type ManifestFileMeta = MaterialFileMeta & { convertedMd5?: string; convertedSize?: number };

/** The bytes a terminal downloads for one material: the original, or the playable rendition. */
export interface TerminalFile extends ManifestMaterial {
  /** Path of the bytes relative to the files root (serve with `serveStoredFile`). */
  relPath: string;
}

export { terminalFileUrl };

const CONVERTED_MIME: Record<string, string> = { video: 'video/mp4', audio: 'audio/mp4' };

/** MD5 (hex) and size of a file, streamed. */
function digestFile(absolute: string): Promise<{ md5: string; size: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('md5');
    let size = 0;
    createReadStream(absolute)
      .on('data', (chunk: Buffer | string) => {
        size += chunk.length;
        hash.update(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve({ md5: hash.digest('hex'), size }));
  });
}

/**
 * Builds what a terminal must play (`GET /apm-web/terminal/manifest`): the approved programs
 * published to it in play order, each with its publication window (the player plays it only inside;
 * publications whose window has ended are left out), then the approved programs only its approved
 * plans play (`published: false`), each with the materials it downloads (URL, size, MD5); the plans
 * themselves and the terminal's time zone, so that it resolves its timeline itself. Video and
 * audio come as their converted, playable rendition when processing made one; its MD5 is computed
 * once and kept in `material_files.meta`. The version is a short hash of everything in the manifest
 * but its generation time, so an unchanged manifest keeps its ETag.
 */
export class ProgramManifestService {
  private readonly digesting = new Map<number, Promise<{ md5: string; size: number } | null>>();
  private readonly manifests = new Batcher<number, Manifest>((ids) => this.forTerminals(ids), 500);

  /**
   * @param defaultZone The zone of terminals whose settings and offices name none (`APM_TIME_ZONE`).
   * @param auditOpen Whether the audit switch is on: then only approved messages are listed.
   */
  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
    private readonly defaultZone = 'UTC',
    private readonly auditOpen: () => Promise<boolean> = () => Promise.resolve(true),
  ) {}

  /**
   * The manifest of one terminal; 404 when there is no such terminal. Terminals asking together
   * (all told of a plan change at once) are built together: a few queries per batch, not per terminal.
   */
  async forTerminal(terminalId: number): Promise<Manifest> {
    const manifest = await this.manifests.load(terminalId);
    if (!manifest) throw notFound(`No terminal ${terminalId}`);
    return manifest;
  }

  /** The manifests of terminals (unknown ids left out). */
  async forTerminals(terminalIds: readonly number[]): Promise<Map<number, Manifest>> {
    const loaded = await this.load([...new Set(terminalIds)], true);
    const files = await this.files([...loaded.values()].flatMap(fileIdsOf));
    const out = new Map<number, Manifest>();
    for (const [id, l] of loaded) out.set(id, manifestOf(l, files));
    return out;
  }

  /** The version of a terminal's manifest (equal to `forTerminal(id).version`); 404 when no such terminal. */
  async versionFor(terminalId: number): Promise<string> {
    const version = (await this.versionsFor([terminalId])).get(terminalId);
    if (version === undefined) throw notFound(`No terminal ${terminalId}`);
    return version;
  }

  /**
   * Manifest versions of many terminals: one query, plus one for the materials when they play any
   * (a terminal's welcome, publishing to thousands); unknown ids are left out.
   */
  async versionsFor(terminalIds: readonly number[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const loaded = await this.load([...new Set(terminalIds)], false);
    const files = await this.files([...loaded.values()].flatMap(fileIdsOf));
    for (const [id, l] of loaded) out.set(id, versionOf(l, files));
    return out;
  }

  /**
   * The file a terminal may download for a material: only materials of its manifest, as the
   * manifest describes them (the converted rendition where there is one); null otherwise.
   */
  async fileFor(terminalId: number, materialId: number): Promise<TerminalFile | null> {
    const loaded = (await this.load([terminalId], false)).get(terminalId);
    if (!loaded || !fileIdsOf(loaded).includes(materialId)) return null;
    return (await this.files([materialId])).get(materialId) ?? null;
  }

  /**
   * The terminals with what their manifests hold (see {@link loadTerminals}, {@link addHeldMessages},
   * {@link addSyncGroups}).
   */
  private async load(terminalIds: number[], withDocuments: boolean): Promise<Map<number, SyncedTerminal>> {
    const loaded = await addSyncGroups(
      this.db,
      await loadTerminals(this.db, terminalIds, withDocuments, this.defaultZone),
      withDocuments,
    );
    await addHeldMessages(this.db, loaded, withDocuments, !(await this.auditOpen()));
    await dropUnapprovedMaterials(this.db, loaded);
    dropOrphanSync(loaded);
    return loaded;
  }

  /**
   * What the timelines of terminals are resolved from: exactly the data of their manifests (plans,
   * programs with their windows, zone), with the terminal's name and office; unknown ids are left out.
   */
  async schedules(
    terminalIds: readonly number[],
  ): Promise<Map<number, { terminal: LoadedTerminal['terminal']; schedule: TerminalSchedule }>> {
    const out = new Map<number, { terminal: LoadedTerminal['terminal']; schedule: TerminalSchedule }>();
    const loaded = await this.load([...new Set(terminalIds)], true);
    for (const [id, l] of loaded) out.set(id, { terminal: l.terminal, schedule: scheduleOf(l) });
    return out;
  }

  /** What terminals download for each material, by material id. */
  private async files(materialIds: number[]): Promise<Map<number, TerminalFile>> {
    const ids = [...new Set(materialIds)];
    const out = new Map<number, TerminalFile>();
    if (!ids.length) return out;
    const rows = await this.db
      .select({
        id: materials.id,
        kind: materials.kind,
        fileId: materialFiles.id,
        mime: materialFiles.mime,
        size: materialFiles.size,
        md5: materialFiles.md5,
        storagePath: materialFiles.storagePath,
        convertedPath: materialFiles.convertedPath,
        meta: materialFiles.meta,
      })
      .from(materials)
      .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
      .where(inArray(materials.id, ids));
    for (const r of rows) {
      const base = { id: r.id, kind: r.kind, url: terminalFileUrl(r.id) };
      const convertedMime = CONVERTED_MIME[r.kind];
      if (r.convertedPath && convertedMime) {
        const digest = await this.convertedDigest(r.fileId, r.convertedPath, r.meta as ManifestFileMeta);
        if (digest) {
          out.set(r.id, { ...base, mime: convertedMime, ...digest, relPath: r.convertedPath });
          continue;
        }
      }
      out.set(r.id, { ...base, mime: r.mime, size: Number(r.size), md5: r.md5, relPath: r.storagePath });
    }
    return out;
  }

  /** MD5 and size of a converted rendition: from meta, or computed once and kept there; null when unreadable. */
  private convertedDigest(
    fileId: number,
    relPath: string,
    meta: ManifestFileMeta | null,
  ): Promise<{ md5: string; size: number } | null> {
    if (meta?.convertedMd5 && typeof meta.convertedSize === 'number')
      return Promise.resolve({ md5: meta.convertedMd5, size: meta.convertedSize });
    // Terminals fetching their manifests together share one pass over the file.
    let running = this.digesting.get(fileId);
    if (!running) {
      running = this.computeDigest(fileId, relPath).finally(() => this.digesting.delete(fileId));
      this.digesting.set(fileId, running);
    }
    return running;
  }

  private async computeDigest(
    fileId: number,
    relPath: string,
  ): Promise<{ md5: string; size: number } | null> {
    let digest: { md5: string; size: number };
    try {
      digest = await digestFile(this.filesDir.resolveFilePath(relPath));
    } catch {
      return null;
    }
    const patch = JSON.stringify({ convertedMd5: digest.md5, convertedSize: digest.size });
    await this.db
      .update(materialFiles)
      .set({ meta: sql`coalesce(${materialFiles.meta}, '{}'::jsonb) || ${patch}::jsonb` })
      .where(and(eq(materialFiles.id, fileId), eq(materialFiles.convertedPath, relPath)));
    return digest;
  }
}

const publicFile = ({ relPath: _relPath, ...file }: TerminalFile): ManifestMaterial => file;

/** The materials a loaded terminal may download: its programs' and its messages' images. */
const fileIdsOf = (l: LoadedTerminal): number[] => [
  ...l.published.flatMap((p) => p.materialIds),
  ...l.messages.flatMap((m) => (m.imageId ? [m.imageId] : [])),
];

/** Short hash of everything a manifest holds except its generation time. */
function versionOf(loaded: SyncedTerminal, files: Map<number, TerminalFile>): string {
  const { id, name, settings } = loaded.terminal;
  const content = {
    terminal: { id, name, settings, timeZone: loaded.timeZone },
    programs: loaded.published.map((p: PublishedRow) => ({
      id: p.programId,
      name: p.name,
      revision: p.revision,
      sort: p.sort,
      // An open window adds nothing: versions of manifests without windows stay what they were.
      ...(p.startAt || p.endAt ? { window: [p.startAt, p.endAt] } : {}),
      ...(p.published ? {} : { published: false }),
      materials: p.materialIds.map((id) => {
        const f = files.get(id);
        return f ? [f.id, f.kind, f.mime, f.size, f.md5] : null;
      }),
    })),
    plans: loaded.plans.map((p) => [p.id, p.name, p.revision]),
    // Absent while empty: versions of manifests without messages stay what they were.
    ...(loaded.messages.length
      ? {
          messages: loaded.messages.map((m) => {
            const f = m.imageId ? files.get(m.imageId) : undefined;
            return [m.id, m.name, m.revision, f ? [f.id, f.mime, f.size, f.md5] : null];
          }),
        }
      : {}),
    // Absent outside a sync group: versions of other manifests stay what they were.
    ...(loaded.sync ? { sync: loaded.sync } : {}),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
}

/** A loaded terminal's manifest. */
function manifestOf(loaded: SyncedTerminal, files: Map<number, TerminalFile>): Manifest {
  const { terminal, published, plans, timeZone } = loaded;
  return {
    version: versionOf(loaded, files),
    generatedAt: new Date().toISOString(),
    terminal: { ...terminal, timeZone },
    programs: published.map((p) => ({
      id: p.programId,
      name: p.name,
      revision: p.revision,
      sort: p.sort,
      startAt: p.startAt,
      endAt: p.endAt,
      ...(p.published ? {} : { published: false }),
      document: p.document!,
      materials: p.materialIds.flatMap((id) => {
        const file = files.get(id);
        return file ? [publicFile(file)] : [];
      }),
    })),
    plans: plans.map((p) => ({ id: p.id, name: p.name, revision: p.revision, document: p.document! })),
    messages: loaded.messages.map(heldPayload),
    strategies: [],
    ...(loaded.sync ? { sync: loaded.sync } : {}),
  };
}
