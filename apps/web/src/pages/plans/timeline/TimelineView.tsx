import type { SegmentKind, TimelineSegment } from '@apm/contract';
import { Alert, Button, Empty, Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  clockText,
  dateKey,
  isIdleTimeline,
  segmentAt,
  timelineDays,
  type TimelineBlock,
  type TimelineDay,
} from './timeline-logic';

/** Tag colour of each segment kind. */
export const KIND_COLOR: Record<SegmentKind, string> = {
  normal: 'blue',
  interrupt: 'orange',
  exclusive: 'magenta',
  default: 'green',
  published: 'cyan',
  idle: 'default',
};

/** Bar colour of each segment kind (the bar is decoration: the list below it says the same). */
const BAR_COLOR: Record<SegmentKind, string> = {
  normal: '#1677ff',
  interrupt: '#fa8c16',
  exclusive: '#c41d7f',
  default: '#52c41a',
  published: '#13c2c2',
  idle: 'transparent',
};

/** Blocks a day lists before "show all". */
const SHOWN_BLOCKS = 12;

/** Props of {@link TimelineView}. */
export interface TimelineViewProps {
  timeZone: string;
  from: string;
  to: string;
  segments: readonly TimelineSegment[];
  /** A program's name (its id when unknown). */
  programName(id: number): string;
  /** An entry's name, when the plans are known. */
  entryName?(planId: number | null, entryId: string | null): string | undefined;
  /** Shows what plays now (the segment covering now) above the days. */
  showNow?: boolean;
  /** With `showNow`: the instant to show instead of now (epoch ms). */
  at?: number;
}

/**
 * A timeline as the zone's days: what plays now, then for each day a bar of its 24 hours and the
 * list of its stretches (time, kind, entry, programs); an empty state when nothing is scheduled.
 */
export function TimelineView(props: TimelineViewProps) {
  const { timeZone, from, to, segments, showNow, at } = props;
  const { t } = useTranslation('planTimeline');
  const days = useMemo(() => timelineDays(segments, timeZone, from, to), [segments, timeZone, from, to]);
  const instant = at ?? Date.now();
  const current = showNow ? segmentAt(segments, instant) : undefined;

  return (
    <Flex vertical gap={12} data-testid="timeline-view">
      <Typography.Text type="secondary" data-testid="timeline-zone">
        {t('timeZone', { zone: timeZone })}
      </Typography.Text>
      {showNow ? (
        <Alert
          type={current && current.programId !== null ? 'success' : 'info'}
          showIcon
          title={
            at === undefined
              ? t('nowTitle')
              : t('atTitle', { time: clockText(at, timeZone), date: dateKey(at, timeZone) })
          }
          description={
            <span data-testid="timeline-now">
              {current && current.programId !== null ? (
                <BlockText
                  {...props}
                  block={{
                    start: Date.parse(current.start),
                    end: Date.parse(current.end),
                    kind: current.kind,
                    planId: current.planId,
                    entryId: current.entryId,
                    programIds: [current.programId],
                    hides: current.hides.length > 0,
                  }}
                />
              ) : (
                t(at === undefined ? 'nothingNow' : 'empty')
              )}
            </span>
          }
        />
      ) : null}
      {isIdleTimeline(segments) ? (
        <Empty description={t('empty')} data-testid="timeline-empty" />
      ) : (
        days.map((day) => <DayRow key={day.date} day={day} view={props} />)
      )}
    </Flex>
  );
}

/** One day: its date, its bar and its stretches. */
function DayRow({ day, view }: { day: TimelineDay; view: TimelineViewProps }) {
  const { t, i18n } = useTranslation('planTimeline');
  const [all, setAll] = useState(false);
  const playing = day.blocks.filter((b) => b.kind !== 'idle');
  const shown = all ? playing : playing.slice(0, SHOWN_BLOCKS);
  const [y, m, d] = day.date.split('-').map(Number) as [number, number, number];
  const title = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, d)));
  const length = day.end - day.start;
  return (
    <section data-testid="timeline-day" data-date={day.date} aria-label={title}>
      <Typography.Title level={5} style={{ margin: '0 0 4px' }}>
        {title}
      </Typography.Title>
      <div
        aria-hidden
        style={{
          position: 'relative',
          height: 10,
          borderRadius: 4,
          background: 'rgba(128,128,128,0.15)',
          overflow: 'hidden',
          marginBottom: 6,
        }}
      >
        {playing.map((b) => (
          <div
            key={b.start}
            style={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${((b.start - day.start) / length) * 100}%`,
              width: `${Math.max(0.3, ((b.end - b.start) / length) * 100)}%`,
              background: BAR_COLOR[b.kind],
            }}
          />
        ))}
      </div>
      {playing.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((b) => (
            <li key={b.start} data-testid="timeline-block" data-kind={b.kind} style={{ padding: '2px 0' }}>
              <BlockText {...view} block={b} />
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('nothingThisDay')}</Typography.Text>
      )}
      {playing.length > SHOWN_BLOCKS ? (
        <Button type="link" size="small" onClick={() => setAll(!all)} style={{ paddingInline: 0 }}>
          {all ? t('showFewer') : t('showAll', { count: playing.length })}
        </Button>
      ) : null}
    </section>
  );
}

/** A stretch as text: its times in the zone, its kind, its entry and its programs. */
function BlockText({
  block,
  timeZone,
  programName,
  entryName,
}: TimelineViewProps & { block: TimelineBlock }) {
  const { t } = useTranslation('planTimeline');
  const entry = entryName?.(block.planId, block.entryId);
  return (
    <Flex gap={6} wrap align="baseline">
      <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
        {`${clockText(block.start, timeZone)}–${clockText(block.end, timeZone)}`}
      </Typography.Text>
      <Tag color={KIND_COLOR[block.kind]}>{t(`kinds.${block.kind}`)}</Tag>
      {entry ? <Typography.Text type="secondary">{entry}</Typography.Text> : null}
      <Typography.Text data-testid="timeline-programs">
        {block.programIds.map((id) => programName(id)).join(', ') || t('kinds.idle')}
      </Typography.Text>
      {block.hides ? <Typography.Text type="secondary">({t('hides')})</Typography.Text> : null}
    </Flex>
  );
}
