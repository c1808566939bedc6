import type { PlanDocument, ProgramDocument } from '@apm/contract';
import { dayFromIso, ZoneClock } from '@apm/schedule';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Flex, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getProgram } from '../../services/program';
import { playsAt } from './state/week-layout';
import type { PlanPrograms } from './use-plan-programs';

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
}

/** The instant of a wall time `YYYY-MM-DD HH:mm` in a zone. */
export function wallInstant(at: string, timeZone: string): number {
  const [date = '', time = '00:00'] = at.split(' ');
  const [h, m] = time.split(':').map(Number);
  return new ZoneClock(timeZone).toInstant(dayFromIso(date), (h ?? 0) * 60 + (m ?? 0));
}

/**
 * "What plays at": a date and time in the grid's zone, the program the unsaved plan plays then (and
 * what it hides), and a preview of that program through the shared renderer.
 */
export function PlaysAt({ document, planId, programs, timeZone, at, onAtChange, entryLabel }: PlaysAtProps) {
  const { t } = useTranslation('planMake');
  const [previewing, setPreviewing] = useState(false);
  const segment = useMemo(() => {
    try {
      return playsAt(
        { document, programMs: programs.programMs, timeZone, planId: planId ?? 0 },
        wallInstant(at, timeZone),
      );
    } catch {
      return null;
    }
  }, [document, programs.programMs, timeZone, planId, at]);
  const programId = segment?.programId ?? null;
  const program = useQuery({
    queryKey: ['program', 'detail', programId ?? 0],
    queryFn: ({ signal }) => getProgram(programId!, signal),
    enabled: previewing && programId !== null,
    staleTime: 60_000,
  });
  const value: Dayjs = dayjs(at, 'YYYY-MM-DD HH:mm');
  const what = segment?.entryId
    ? t('fromEntry', { entry: entryLabel(segment.entryId), kind: t(`kinds.${segment.kind as 'normal'}`) })
    : segment
      ? t(`segmentKinds.${segment.kind}`)
      : '';

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
            {programId ? programs.nameOf(programId) : t('nothingPlays')}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('because')}>
          <span data-testid="plan-plays-at-reason">{what}</span>
        </Descriptions.Item>
        {segment?.hides.length ? (
          <Descriptions.Item label={t('hides')}>
            {segment.hides
              .map((h) => (h.entryId ? entryLabel(h.entryId) : t(`segmentKinds.${h.kind}`)))
              .join(', ')}
          </Descriptions.Item>
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
