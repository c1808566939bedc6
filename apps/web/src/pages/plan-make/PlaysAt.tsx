import type { PlanDocument, ProgramDocument } from '@apm/contract';
import { dayFromIso, ZoneClock, type Segment } from '@apm/schedule';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Flex, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getProgram } from '../../services/program';
import { isOwnSegment } from './state/terminal-week';
import { playsAt, segmentAt } from './state/week-layout';
import type { OtherLabel } from './use-other-plans';
import type { PlanPrograms } from './use-plan-programs';
import { useTerminalPreview, type TerminalPreview } from './use-terminal-preview';

const ProgramPreview = lazy(() => import('../../components/ProgramPreview'));

/** Props of {@link PlaysAt}. */
export interface PlaysAtProps {
  document: PlanDocument;
  planId: number | null;
  programs: PlanPrograms;
  timeZone: string;
  /** The wall time asked about, in `timeZone` (`YYYY-MM-DD HH:mm`). */
  at: string;
  onAtChange(at: string): void;
  entryLabel(id: string): string;
  /** On a terminal: its id and its preview of the visible week (another instant is asked alone). */
  remote?: { terminalId: number; week: TerminalPreview } | null;
  otherLabel?: OtherLabel;
  programName?(id: number | null): string;
}

/** The instant of a wall time `YYYY-MM-DD HH:mm` in a zone. */
export function wallInstant(at: string, timeZone: string): number {
  const [date = '', time = '00:00'] = at.split(' ');
  const [h, m] = time.split(':').map(Number);
  return new ZoneClock(timeZone).toInstant(dayFromIso(date), (h ?? 0) * 60 + (m ?? 0));
}

/** The instant of `at` in `timeZone`, or null when it cannot be read. */
function instantOf(at: string, timeZone: string): number | null {
  try {
    return wallInstant(at, timeZone);
  } catch {
    return null;
  }
}

/**
 * "What plays at": a date and time in the grid's zone, the program the unsaved plan plays then (and
 * what it hides), and a preview of that program through the shared renderer. On a terminal, the
 * answer is the server's (its zone, its other plans): from the week's preview when it covers the
 * instant, else asked for that instant.
 */
export function PlaysAt(props: PlaysAtProps) {
  const { document, planId, programs, timeZone, at, onAtChange, entryLabel, remote } = props;
  const { t } = useTranslation('planMake');
  const [previewing, setPreviewing] = useState(false);
  const instant = instantOf(at, timeZone);
  const week = remote?.week;
  const covered = !!week?.segments && instant !== null && instant >= week.from && instant < week.to;
  const single = useTerminalPreview({
    document,
    planId,
    terminalId: remote && !covered && instant !== null ? remote.terminalId : null,
    from: new Date(instant ?? 0).toISOString(),
    to: new Date((instant ?? 0) + 1000).toISOString(),
  });
  const local = useMemo(() => {
    if (remote || instant === null) return null;
    try {
      return playsAt({ document, programMs: programs.programMs, timeZone, planId: planId ?? 0 }, instant);
    } catch {
      return null;
    }
  }, [remote, document, programs.programMs, timeZone, planId, instant]);
  const segments = covered ? week.segments : single.segments;
  const segment = !remote ? local : segments && instant !== null ? segmentAt(segments, instant) : null;
  const own = (s: { planId: number | null; kind: Segment['kind'] }) => !remote || isOwnSegment(s, planId);
  const otherLabel = props.otherLabel ?? ((id: number | null) => String(id ?? ''));
  const programName = props.programName ?? programs.nameOf;
  const programId = segment?.programId ?? null;
  const program = useQuery({
    queryKey: ['program', 'detail', programId ?? 0],
    queryFn: ({ signal }) => getProgram(programId!, signal),
    enabled: previewing && programId !== null,
    staleTime: 60_000,
  });
  const value: Dayjs = dayjs(at, 'YYYY-MM-DD HH:mm');
  const name = (s: Pick<Segment, 'planId' | 'entryId' | 'kind'>) =>
    s.entryId && own(s)
      ? entryLabel(s.entryId)
      : s.entryId || s.kind === 'published'
        ? otherLabel(s.planId, s.entryId)
        : t(`segmentKinds.${s.kind}`);
  const what = segment?.entryId
    ? t('fromEntry', { entry: name(segment), kind: t(`kinds.${segment.kind as 'normal'}`) })
    : segment
      ? t(`segmentKinds.${segment.kind}`)
      : '';
  const waiting = remote ? (covered ? week.loading : single.loading) : false;

  return (
    <section aria-labelledby="plan-plays-at-title" data-testid="plan-plays-at">
      <Typography.Title level={2} id="plan-plays-at-title" style={{ fontSize: 16 }}>
        {t('playsAtTitle')}
      </Typography.Title>
      <Flex gap={8} align="center" wrap>
        <label htmlFor="plan-plays-at-input">{t('playsAtLabel', { zone: timeZone })}</label>
        <DatePicker
          id="plan-plays-at-input"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          needConfirm={false}
          value={value.isValid() ? value : null}
          onChange={(d) => d && onAtChange(d.format('YYYY-MM-DD HH:mm'))}
          data-testid="plan-plays-at-input"
        />
      </Flex>
      <Descriptions size="small" column={1} style={{ marginTop: 8 }}>
        <Descriptions.Item label={t('program')}>
          <span data-testid="plan-plays-at-program">
            {programId ? programName(programId) : waiting && !segment ? '…' : t('nothingPlays')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('because')}>
          <span data-testid="plan-plays-at-reason">{what}</span>
        </Descriptions.Item>
        {segment?.hides.length ? (
          <Descriptions.Item label={t('hides')}>{segment.hides.map(name).join(', ')}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {programId ? (
        <Button onClick={() => setPreviewing((p) => !p)} data-testid="plan-plays-at-preview">
          {previewing ? t('hidePreview') : t('showPreview')}
        </Button>
      ) : null}
      {previewing && programId ? (
        <div style={{ marginTop: 8 }}>
          {program.isError ? (
            <Alert type="warning" showIcon title={t('previewFailed')} />
          ) : program.data ? (
            <Suspense fallback={<Spin />}>
              <ProgramPreview program={program.data.document as unknown as ProgramDocument} height={240} />
            </Suspense>
          ) : (
            <Spin />
          )}
        </div>
      ) : null}
    </section>
  );
}
