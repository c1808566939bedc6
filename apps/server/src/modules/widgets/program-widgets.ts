import type { ProgramDocument, Widget } from '@apm/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { dataSources, widgetPackages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../auth/session-service.js';
import { disabledTypes } from './catalogue-queries.js';
import { settingsProblem } from './package-manifest.js';
import { tenantOf } from './tenant.js';

/** 400 naming the document field, as the program checks name theirs. */
const refuse = (path: string, message: string, reason = 'widgetUnavailable') => {
  const field = `document${path}`;
  return new AppError(400, `${field}: ${message}`, reason, { fields: { [field]: message } });
};

/**
 * Checks a program's widgets against the caller's tenant catalogue before it is saved: no built-in
 * type the tenant switched off, HTML widgets only of the tenant's enabled packages (with that
 * package's zip and settings its schema accepts), data widgets only of the tenant's data sources.
 * Programs already saved keep playing whatever changes in the catalogue later.
 */
export async function checkProgramWidgets(
  db: Database,
  auth: AuthContext,
  doc: ProgramDocument,
): Promise<void> {
  const tenantId = tenantOf(auth);
  const placed: { widget: Widget; at: string }[] = doc.scenes.flatMap((scene, s) =>
    scene.widgets.map((widget, w) => ({ widget, at: `/scenes/${s}/widgets/${w}` })),
  );
  if (placed.length === 0) return;
  const disabled = await disabledTypes(db, tenantId);
  const off = placed.find((p) => disabled.has(p.widget.type));
  if (off)
    throw refuse(
      `${off.at}/type`,
      `the widget type ${off.widget.type} is switched off in your widget catalogue`,
    );

  const htmls = placed.filter((p): p is { widget: Widget<'html'>; at: string } => p.widget.type === 'html');
  if (htmls.length) {
    const ids = [...new Set(htmls.map((p) => p.widget.props.packageId))];
    const rows = await db
      .select()
      .from(widgetPackages)
      .where(and(inArray(widgetPackages.id, ids), eq(widgetPackages.tenantOfficeId, tenantId)));
    for (const { widget, at } of htmls) {
      const pkg = rows.find((r) => r.id === widget.props.packageId);
      if (!pkg)
        throw refuse(
          `${at}/props/packageId`,
          `no widget package ${widget.props.packageId} in your catalogue`,
        );
      if (!pkg.enabled)
        throw refuse(
          `${at}/props/packageId`,
          `the widget ${pkg.name} is switched off in your widget catalogue`,
        );
      if (pkg.materialId !== widget.props.materialId)
        throw refuse(
          `${at}/props/materialId`,
          `must be ${pkg.materialId}, the zip of the widget ${pkg.name}`,
          'validation',
        );
      const problem = settingsProblem(pkg.settings, widget.props.settings);
      if (problem) throw refuse(`${at}/props/settings`, problem, 'validation');
    }
  }

  const datas = placed.filter((p): p is { widget: Widget<'data'>; at: string } => p.widget.type === 'data');
  if (datas.length) {
    const ids = [...new Set(datas.map((p) => p.widget.props.sourceId))];
    const rows = await db
      .select({ id: dataSources.id })
      .from(dataSources)
      .where(and(inArray(dataSources.id, ids), eq(dataSources.tenantOfficeId, tenantId)));
    const missing = datas.find((p) => !rows.some((r) => r.id === p.widget.props.sourceId));
    if (missing)
      throw refuse(
        `${missing.at}/props/sourceId`,
        `no data source ${missing.widget.props.sourceId} in your catalogue`,
      );
  }
}
