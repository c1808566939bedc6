import type { CampaignReportQuery, Language, Reconcile } from '@apm/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { playHourly, plans } from '../../db/schema/index.js';
import { createPdfReport } from '../../lib/pdf/index.js';
import { intArray, queryRows } from '../../terminal/sql.js';
import type { AuthContext } from '../auth/session-service.js';
import { officeZone, zoneInput } from '../plans/time-zones.js';
import type { Campaign, ReconcileService } from './reconcile-service.js';
import { REPORT_LABELS, REPORT_LOCALES } from './report-labels.js';

/** Most terminals the report lists (each page reconciled from raw events); the report says when there are more. */
export const REPORT_TERMINALS_MAX = 500;
const PAGE = 100;

type Row = Reconcile['list'][number] & { plays: number; seconds: number };

/**
 * The printable report of a campaign (a plan, or a program wherever it is scheduled) over a period:
 * totals, a per-terminal table of plays, seconds, scheduled and played hours and share, and the time
 * not played by reason — the same figures as `playTop` and `reconcile`.
 */
export class CampaignReport {
  constructor(
    private readonly db: Database,
    private readonly reconciliation: ReconcileService,
    private readonly defaultZone: string,
  ) {}

  /** The PDF and its file name; 400 / 404 naming the field before anything is drawn. */
  async pdf(
    auth: AuthContext,
    q: CampaignReportQuery,
    language: Language,
  ): Promise<{ fileName: string; bytes: Buffer }> {
    const zone = zoneInput(q.timeZone) ?? (await officeZone(this.db, auth.officePath, this.defaultZone));
    const first = await this.reconciliation.reconcile(auth, { ...q, pageNo: 1, pageSize: PAGE });
    const pages: Reconcile[] = [first];
    const wanted = Math.min(first.count, REPORT_TERMINALS_MAX);
    for (let pageNo = 2; (pageNo - 1) * PAGE < wanted; pageNo++)
      pages.push(await this.reconciliation.reconcile(auth, { ...q, pageNo, pageSize: PAGE }));
    const list = pages.flatMap((p) => p.list).slice(0, REPORT_TERMINALS_MAX);
    const plays = await this.plays(
      first.campaign,
      list.map((r) => r.terminalId),
      first.from,
      q.to,
    );
    const rows: Row[] = list.map((r) => ({ ...r, ...(plays.get(r.terminalId) ?? { plays: 0, seconds: 0 }) }));
    return {
      fileName: `campaign-${first.campaign.kind}-${first.campaign.id}.pdf`,
      bytes: await this.draw(first, rows, zone, language),
    };
  }

  /** Plays and seconds per terminal of the campaign's programs from the roll-up. */
  private async plays(c: Campaign, ids: number[], from: string, to: string) {
    const out = new Map<number, { plays: number; seconds: number }>();
    if (!ids.length) return out;
    let programIds = [c.id];
    if (c.kind === 'plan') {
      const [plan] = await this.db.select({ ids: plans.programIds }).from(plans).where(eq(plans.id, c.id));
      programIds = plan?.ids ?? [];
    }
    if (!programIds.length) return out;
    const h = playHourly;
    const rows = await queryRows<{ id: number; plays: number; ms: number }>(
      this.db,
      sql`select ${h.terminalId} as id, sum(${h.plays})::int as plays, sum(${h.durationMs})::float8 as ms from ${h}
        where ${h.kind} = 'program' and ${h.subjectId} = any(${intArray(programIds)}) and ${h.terminalId} = any(${intArray(ids)})
          and ${h.hour} >= ${from}::timestamptz and ${h.hour} < ${to}::timestamptz
        group by 1`,
    );
    for (const r of rows) out.set(r.id, { plays: r.plays, seconds: Number(r.ms) / 1000 });
    return out;
  }

  private async draw(
    r: Reconcile & { campaign: Campaign },
    rows: Row[],
    zone: string,
    language: Language,
  ): Promise<Buffer> {
    const t = REPORT_LABELS[language];
    const locale = REPORT_LOCALES[language];
    const num = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const hours = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
    const h = (seconds: number) => hours.format(seconds / 3600);
    const share = (s: number | null) => (s === null ? '—' : pct.format(s));
    const kind = r.campaign.kind === 'plan' ? t.plan : t.program;
    const report = createPdfReport({
      title: `${t.title}: ${r.campaign.name}`,
      subtitle: `${kind} #${r.campaign.id} · ${date.format(new Date(r.from))} – ${date.format(new Date(r.to))}`,
      headerText: `${t.title} · ${r.campaign.name}`,
      footerText: `${t.generated}: ${date.format(new Date())}`,
      pageLabel: t.page,
      language: locale,
    });
    const totalPlays = rows.reduce((n, x) => n + x.plays, 0);
    const totalSeconds = rows.reduce((n, x) => n + x.seconds, 0);
    report.heading(t.totals).keyValues([
      { label: kind, value: r.campaign.name },
      { label: t.period, value: `${date.format(new Date(r.from))} – ${date.format(new Date(r.to))}` },
      { label: t.timeZone, value: zone },
      { label: t.terminals, value: num.format(r.count) },
      { label: t.plays, value: num.format(totalPlays) },
      { label: t.secondsPlayed, value: num.format(totalSeconds) },
      { label: t.scheduled, value: h(r.scheduledSeconds) },
      { label: t.played, value: h(r.playedSeconds) },
      { label: t.share, value: share(r.share) },
    ]);
    report.heading(t.reconciliation).keyValues(
      (Object.keys(t.reasons) as (keyof typeof t.reasons)[]).map((k) => ({
        label: t.reasons[k],
        value: h(r.gapSeconds[k] ?? 0),
      })),
    );
    report.heading(t.perTerminal);
    if (r.count > rows.length) report.paragraph(t.truncated(rows.length, r.count), { muted: true });
    report.table({
      columns: [
        { header: t.terminal, weight: 3 },
        { header: t.plays, align: 'right' },
        { header: t.secondsPlayed, align: 'right', weight: 1.3 },
        { header: t.scheduled, align: 'right', weight: 1.2 },
        { header: t.played, align: 'right', weight: 1.2 },
        { header: t.share, align: 'right' },
      ],
      rows: rows.map((x) => [
        x.name,
        num.format(x.plays),
        num.format(x.seconds),
        h(x.scheduledSeconds),
        h(x.playedSeconds),
        share(x.share),
      ]),
      emptyText: t.none,
    });
    return report.toBuffer();
  }
}
