import {
  BUILTIN_WIDGET_TYPES,
  type WidgetEntry,
  type WidgetPalette,
  type WidgetToggleBody,
} from '@apm/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  dataSources,
  materialFiles,
  materials,
  programs,
  widgetPackages,
  widgetTypeSettings,
} from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import type { FilesDir } from '../materials/files-dir.js';
import { materialReadable } from '../materials/material-queries.js';
import { registerMaterialUsageCheck } from '../materials/usage-checks.js';
import { officesUnder } from '../../lib/data-scope.js';
import { fieldError } from '../users/user-access.js';
import { disabledTypes, packageEntries, pageCatalogue, type CatalogueQuery } from './catalogue-queries.js';
import { parseWidgetManifest } from './package-manifest.js';
import { readWidgetPackage } from './package-zip.js';
import { notInCatalogue, tenantOf, uniqueViolation } from './tenant.js';

/** A material registered as a widget package is not deleted (the material service asks this). */
registerMaterialUsageCheck({
  key: 'widgetPackages',
  label: 'widget packages',
  find: async (db, materialIds) =>
    (
      await db
        .select({ id: widgetPackages.id, name: widgetPackages.name })
        .from(widgetPackages)
        .where(inArray(widgetPackages.materialId, materialIds))
    ).map((r) => ({ type: 'widgetPackage', id: r.id, name: r.name })),
});

const PACKAGE_KEY = /^pkg-(\d+)$/;

/** Programs of the caller's tenant whose documents use any of these packages, by name. */
export async function programsUsingPackages(db: Database, auth: AuthContext, packageIds: number[]) {
  if (!packageIds.length) return [];
  return db
    .select({ id: programs.id, name: programs.name })
    .from(programs)
    .where(
      and(
        officesUnder(programs.officeId, auth.tenantPath),
        sql`exists (select 1 from jsonb_array_elements(${JSON.stringify(packageIds)}::jsonb) p(id)
          where jsonb_path_exists(${programs.document},
            '$.scenes[*].widgets[*] ? (@.type == "html" && @.props.packageId == $p)', jsonb_build_object('p', p.id)))`,
      ),
    )
    .orderBy(asc(programs.name))
    .limit(20);
}

/**
 * A tenant's widget catalogue: the built-in types it switched on or off and its HTML packages
 * (registered from zips of the material library), the list with use figures, and the palette the
 * program editor offers.
 */
export class WidgetCatalogueService {
  constructor(
    private readonly db: Database,
    private readonly filesDir: FilesDir,
  ) {}

  /** One page of the caller's tenant catalogue. */
  list(auth: AuthContext, q: CatalogueQuery) {
    return pageCatalogue(this.db, tenantOf(auth), auth.tenantPath, q);
  }

  /** What the program editor offers the caller: enabled built-in types and packages, and the data sources. */
  async palette(auth: AuthContext): Promise<WidgetPalette> {
    const tenantId = tenantOf(auth);
    const disabled = await disabledTypes(this.db, tenantId);
    const sources = await this.db
      .select({ id: dataSources.id, name: dataSources.name })
      .from(dataSources)
      .where(eq(dataSources.tenantOfficeId, tenantId))
      .orderBy(asc(dataSources.name), asc(dataSources.id));
    return {
      types: BUILTIN_WIDGET_TYPES.filter((t) => !disabled.has(t)),
      packages: await packageEntries(this.db, tenantId, true),
      dataSources: sources,
    };
  }

  /** Switches entries on or off for the caller's tenant, all or nothing (404 naming `keys` for an unknown one). */
  async toggle(auth: AuthContext, body: WidgetToggleBody): Promise<void> {
    const tenantId = tenantOf(auth);
    const types = body.keys.filter((k) => !PACKAGE_KEY.test(k));
    const unknown = types.find((k) => !(BUILTIN_WIDGET_TYPES as string[]).includes(k));
    if (unknown)
      throw fieldError(404, 'keys', `keys: no widget type ${unknown} in your catalogue`, 'notFound');
    const ids = body.keys.flatMap((k) => (PACKAGE_KEY.test(k) ? [Number(PACKAGE_KEY.exec(k)![1])] : []));
    await this.db.transaction(async (tx) => {
      if (ids.length) {
        const rows = await tx
          .update(widgetPackages)
          .set({ enabled: body.enabled, updatedAt: new Date() })
          .where(and(inArray(widgetPackages.id, ids), eq(widgetPackages.tenantOfficeId, tenantId)))
          .returning({ id: widgetPackages.id });
        const missing = ids.find((id) => !rows.some((r) => r.id === id));
        if (missing !== undefined) throw notInCatalogue('widget package', missing, 'keys');
      }
      for (const widgetType of types) {
        await tx
          .insert(widgetTypeSettings)
          .values({ tenantOfficeId: tenantId, widgetType, enabled: body.enabled, updatedBy: auth.userId })
          .onConflictDoUpdate({
            target: [widgetTypeSettings.tenantOfficeId, widgetTypeSettings.widgetType],
            set: { enabled: body.enabled, updatedBy: auth.userId, updatedAt: new Date() },
          });
      }
    });
  }

  /**
   * Registers an HTML package of the library as a widget of the caller's tenant (no id), or gives a
   * package a new zip (id): the zip is checked whole and its `widget.json` read (400 naming
   * `materialId` with what is wrong); 409 when the zip is a widget of the catalogue already.
   */
  async savePackage(auth: AuthContext, body: { id?: number; materialId: number }): Promise<WidgetEntry> {
    const tenantId = tenantOf(auth);
    const [material] = await this.db
      .select({ id: materials.id, kind: materials.kind, path: materialFiles.storagePath })
      .from(materials)
      .innerJoin(materialFiles, eq(materialFiles.id, materials.fileId))
      .where(and(eq(materials.id, body.materialId), materialReadable(auth)));
    if (!material)
      throw fieldError(
        404,
        'materialId',
        `materialId: no material ${body.materialId} in your library`,
        'notFound',
      );
    if (material.kind !== 'html')
      throw fieldError(
        400,
        'materialId',
        `materialId: material ${body.materialId} is not an HTML package (zip)`,
        'badWidgetPackage',
      );
    const contents = await readWidgetPackage(this.filesDir.resolveFilePath(material.path));
    const manifest = parseWidgetManifest(contents.manifest);
    const values = {
      materialId: material.id,
      name: manifest.name,
      width: manifest.width,
      height: manifest.height,
      entry: contents.entry,
      settings: manifest.settings,
      updatedAt: new Date(),
    };
    let id: number;
    try {
      if (body.id === undefined) {
        const [row] = await this.db
          .insert(widgetPackages)
          .values({ ...values, tenantOfficeId: tenantId, createdBy: auth.userId })
          .returning({ id: widgetPackages.id });
        id = row!.id;
      } else {
        const [row] = await this.db
          .update(widgetPackages)
          .set(values)
          .where(and(eq(widgetPackages.id, body.id), eq(widgetPackages.tenantOfficeId, tenantId)))
          .returning({ id: widgetPackages.id });
        if (!row) throw notInCatalogue('widget package', body.id);
        id = row.id;
      }
    } catch (err) {
      if (uniqueViolation(err) === undefined) throw err;
      const msg = `materialId: material ${body.materialId} is a widget of your catalogue already`;
      throw conflict(msg, 'packageTaken', { fields: { materialId: msg } });
    }
    return (await packageEntries(this.db, tenantId, false)).find((e) => e.packageId === id)!;
  }

  /** Removes packages of the caller's tenant, all or nothing; 409 listing the programs still using them. */
  async deletePackages(auth: AuthContext, ids: number[]): Promise<void> {
    const tenantId = tenantOf(auth);
    const rows = await this.db
      .select({ id: widgetPackages.id })
      .from(widgetPackages)
      .where(and(inArray(widgetPackages.id, ids), eq(widgetPackages.tenantOfficeId, tenantId)));
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing !== undefined) throw notInCatalogue('widget package', missing, 'ids');
    const users = await programsUsingPackages(this.db, auth, ids);
    if (users.length) {
      throw conflict(
        `Used by programs: ${users.map((p) => p.name).join(', ')}; take the widget out of them first`,
        'widgetInUse',
        { field: 'ids', programs: users },
      );
    }
    await this.db.delete(widgetPackages).where(inArray(widgetPackages.id, ids));
  }
}
