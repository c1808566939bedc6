import type { PlanDocument, WeekdayCode } from '@apm/contract';
import { WEEKDAY_CODES } from '@apm/contract';
import type { Segment } from '@apm/schedule';
import { Alert, Typography } from 'antd';
import { useDeferredValue, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromMinutes, type SnapStep } from './state/window-time';
import { weekLayout, type WeekBlock } from './state/week-layout';
import { blockKeyAction, draggedBox, HOUR_PX, isDrag, pixelsToMinutes, type DragMode } from './week-drag';
import type { PlanAction } from './state/plan-state';
import type { OtherLabel } from './use-other-plans';
import type { PlanPrograms } from './use-plan-programs';

/** Props of {@link WeekTimeline}. */
export interface WeekTimelineProps {
  document: PlanDocument;
  planId: number | null;
  programs: PlanPrograms;
  timeZone: string;
  monday: string;
  today: string;
  step: SnapStep;
  selectedId: string | null;
  colors: ReadonlyMap<string, string>;
  entryLabel(id: string): string;
  dispatch(action: PlanAction): void;
  /** A click on the grid's background: that wall time (day, minutes) is asked about. */
  onPickTime(date: string, minutes: number): void;
  /** A terminal's timeline (its other plans included) to draw instead of the document alone. */
  segments?: readonly Segment[];
  /** Names of other plans and their entries (with `segments`). */
  otherLabel?: OtherLabel;
  /** Names of any program (other plans' too). */
  programName?(id: number | null): string;
}

interface Drag {
  key: string;
  mode: DragMode;
  y: number;
  delta: number;
}

const PX = HOUR_PX / 60;

/**
 * The week grid: 7 day columns × 24 hours, drawing the unsaved plan through the shared resolver. Each
 * block is an entry's window on a day (hatched where something else plays, solid where it plays);
 * dragging a block moves its window, dragging its top or bottom edge resizes it (snapped), arrows do
 * the same from the keyboard. The default program shows grey where it fills in.
 */
export function WeekTimeline(props: WeekTimelineProps) {
  const { t } = useTranslation('planMake');
  const { programs, timeZone, monday, step, dispatch, segments } = props;
  const document = useDeferredValue(props.document);
  const { layout, failed } = useMemo(() => {
    try {
      const input = {
        document,
        programMs: programs.programMs,
        timeZone,
        monday,
        planId: props.planId,
        segments,
      };
      return { layout: weekLayout(input), failed: null };
    } catch (error) {
      return { layout: null, failed: error instanceof Error ? error.message : String(error) };
    }
  }, [document, programs.programMs, timeZone, monday, props.planId, segments]);
  const programName = props.programName ?? programs.nameOf;
  const otherLabel = props.otherLabel ?? ((planId: number | null) => String(planId ?? ''));
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);

  const finish = (block: WeekBlock, mode: DragMode, delta: number) => {
    if (block.windowIndex === null && mode === 'move') return;
    const index = block.windowIndex ?? 0;
    if (mode === 'move') dispatch({ type: 'moveWindow', id: block.entryId, index, delta, step });
    else dispatch({ type: 'resizeWindow', id: block.entryId, index, edge: mode, delta, step });
  };

  const onPointerDown = (event: ReactPointerEvent, block: WeekBlock, mode: DragMode) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
    const next = { key: block.key, mode, y: event.clientY, delta: 0 };
    dragRef.current = next;
    setDrag(next);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const current = dragRef.current;
    if (!current) return;
    const next = { ...current, delta: pixelsToMinutes(event.clientY - current.y) };
    dragRef.current = next;
    setDrag(next);
  };
  const onPointerUp = (block: WeekBlock) => {
    const current = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!current) return;
    if (isDrag(current.delta, step)) finish(block, current.mode, current.delta);
    else dispatch({ type: 'select', id: block.entryId });
  };

  if (failed) return <Alert type="error" showIcon title={t('timelineFailed')} description={failed} />;
  if (!layout) return null;

  return (
    <div className="apm-plan-week" data-testid="plan-week">
      <div className="apm-plan-week-head" aria-hidden>
        <span />
        {layout.days.map((day, c) => (
          <span key={day} className={day === props.today ? 'is-today' : undefined}>
            {t(`weekdaysShort.${WEEKDAY_CODES[c] as WeekdayCode}`)} {day.slice(5)}
          </span>
        ))}
      </div>
      <div className="apm-plan-week-body" style={{ height: 24 * HOUR_PX }}>
        <div className="apm-plan-week-hours" aria-hidden>
          {Array.from({ length: 24 }, (_, h) => (
            <span key={h} style={{ top: h * HOUR_PX }}>
              {fromMinutes(h * 60)}
            </span>
          ))}
        </div>
        {layout.days.map((day, c) => (
          <div
            key={day}
            role="group"
            aria-label={t('dayColumn', { day: t(`weekdays.${WEEKDAY_CODES[c] as WeekdayCode}`), date: day })}
            className={`apm-plan-week-day${day === props.today ? ' is-today' : ''}`}
            data-testid="plan-week-day"
            data-date={day}
            onClick={(e) => {
              const rect = e.currentTarget.getBoundingClientRect();
              const minutes = Math.max(0, Math.min(1439, Math.floor((e.clientY - rect.top) / PX)));
              props.onPickTime(day, minutes);
            }}
          >
            {layout.defaults
              .filter((d) => d.column === c)
              .map((d) => (
                <div
                  key={`d${d.top}`}
                  className={`apm-plan-default${d.own ? '' : ' is-other'}`}
                  style={{ top: d.top * PX, height: (d.bottom - d.top) * PX }}
                  title={
                    d.own
                      ? t('defaultPlays', { name: programName(d.programId) })
                      : t('otherDefaultPlays', { name: programName(d.programId) })
                  }
                />
              ))}
            {layout.others
              .filter((o) => o.column === c)
              .map((o) => {
                const text = t('otherBlock', {
                  plan: otherLabel(o.planId, o.entryId),
                  programs: o.programIds.map(programName).join(', '),
                });
                return (
                  <div
                    key={o.key}
                    className="apm-plan-other"
                    style={{
                      top: o.top * PX,
                      height: Math.max(4, (o.bottom - o.top) * PX),
                      left: `${(o.lane / o.lanes) * 100}%`,
                      width: `${100 / o.lanes}%`,
                    }}
                    title={text}
                    data-testid="plan-other-block"
                    data-plan-id={o.planId ?? ''}
                  >
                    <span className="apm-plan-block-label">{text}</span>
                  </div>
                );
              })}
            {layout.blocks
              .filter((b) => b.column === c)
              .map((block) => {
                const color = props.colors.get(block.entryId) ?? '#888';
                const dragging = drag?.key === block.key ? drag : null;
                const box = dragging
                  ? draggedBox(block.top, block.bottom, dragging.mode, dragging.delta)
                  : { top: block.top, height: block.bottom - block.top };
                const label = props.entryLabel(block.entryId);
                const entry = props.document.entries.find((e) => e.id === block.entryId);
                const window = block.windowIndex === null ? null : entry?.windows[block.windowIndex];
                const time = window ? `${window.start}–${window.end}` : t('allDay');
                const hidden = block.plays.length === 0;
                return (
                  <div
                    key={block.key}
                    role="button"
                    tabIndex={0}
                    aria-label={t('blockLabel', { entry: label, time, day })}
                    aria-pressed={block.entryId === props.selectedId}
                    className={`apm-plan-block${block.entryId === props.selectedId ? ' is-selected' : ''}${hidden ? ' is-hidden' : ''}${dragging ? ' is-dragging' : ''}`}
                    style={{
                      top: box.top * PX,
                      height: Math.max(4, box.height * PX),
                      left: `${(block.lane / block.lanes) * 100}%`,
                      width: `${100 / block.lanes}%`,
                      ['--entry-color' as string]: color,
                    }}
                    data-testid="plan-block"
                    data-entry-id={block.entryId}
                    data-window-index={block.windowIndex ?? ''}
                    onClick={(e) => e.stopPropagation()}
                    onPointerDown={(e) => onPointerDown(e, block, 'move')}
                    onPointerMove={onPointerMove}
                    onPointerUp={() => onPointerUp(block)}
                    onPointerCancel={() => {
                      dragRef.current = null;
                      setDrag(null);
                    }}
                    onKeyDown={(e) => {
                      const action = blockKeyAction(e.key, e.shiftKey, step);
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        dispatch({ type: 'select', id: block.entryId });
                      } else if (action) {
                        e.preventDefault();
                        finish(block, action.mode, action.delta);
                      }
                    }}
                  >
                    {block.plays.map(([s, e]) => (
                      <span
                        key={s}
                        className="apm-plan-plays"
                        style={{ top: (s - block.top) * PX, height: Math.max(2, (e - s) * PX) }}
                      />
                    ))}
                    <span className="apm-plan-block-label">
                      {label} {time}
                    </span>
                    {!block.fromPrevious ? (
                      <span
                        className="apm-plan-edge is-start"
                        data-testid="plan-block-start"
                        onPointerDown={(e) => onPointerDown(e, block, 'start')}
                      />
                    ) : null}
                    {!block.toNext ? (
                      <span
                        className="apm-plan-edge is-end"
                        data-testid="plan-block-end"
                        onPointerDown={(e) => onPointerDown(e, block, 'end')}
                      />
                    ) : null}
                  </div>
                );
              })}
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" className="apm-plan-legend">
        {t('legend')}
        {segments ? ` ${t('legendOther')}` : ''}
      </Typography.Text>
    </div>
  );
}
