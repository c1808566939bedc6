import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { PlanEntry } from '@apm/contract';
import { Badge, Button, Empty, Flex, Tag, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { problemsOf, type EditorProblem } from './plan-problems';
import type { PlanAction } from './state/plan-state';

/** Props of {@link EntryList}. */
export interface EntryListProps {
  entries: readonly PlanEntry[];
  selectedId: string | null;
  colors: ReadonlyMap<string, string>;
  problems: readonly EditorProblem[];
  nameOf(id: number): string;
  dispatch(action: PlanAction): void;
  today: string;
}

/** The entries of the plan: select one to edit it, drag (or the arrows) to reorder, add, copy, delete. */
export function EntryList({
  entries,
  selectedId,
  colors,
  problems,
  nameOf,
  dispatch,
  today,
}: EntryListProps) {
  const { t } = useTranslation('planMake');
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const selectedIndex = entries.findIndex((e) => e.id === selectedId);

  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragFrom !== null && dragFrom !== to) dispatch({ type: 'moveEntry', from: dragFrom, to });
    setDragFrom(null);
  };

  return (
    <section aria-labelledby="plan-entries-title" data-testid="plan-entries">
      <Flex align="center" justify="space-between" gap={4} wrap>
        <Typography.Title level={2} id="plan-entries-title" style={{ fontSize: 16, margin: 0 }}>
          {t('entries')}
        </Typography.Title>
        <Flex gap={0}>
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => dispatch({ type: 'addEntry', today })}
            data-testid="plan-entry-add"
          >
            {t('addEntry')}
          </Button>
          <IconButton
            size="small"
            title={t('duplicateEntry')}
            icon={<CopyOutlined />}
            disabled={selectedIndex < 0}
            onClick={() => selectedId && dispatch({ type: 'duplicateEntry', id: selectedId })}
            testId="plan-entry-duplicate"
          />
          <IconButton
            size="small"
            title={t('moveUp')}
            icon={<ArrowUpOutlined />}
            disabled={selectedIndex <= 0}
            onClick={() => dispatch({ type: 'moveEntry', from: selectedIndex, to: selectedIndex - 1 })}
          />
          <IconButton
            size="small"
            title={t('moveDown')}
            icon={<ArrowDownOutlined />}
            disabled={selectedIndex < 0 || selectedIndex >= entries.length - 1}
            onClick={() => dispatch({ type: 'moveEntry', from: selectedIndex, to: selectedIndex + 1 })}
          />
          <IconButton
            size="small"
            title={t('removeEntry')}
            icon={<DeleteOutlined />}
            disabled={selectedIndex < 0}
            onClick={() => selectedId && dispatch({ type: 'removeEntry', id: selectedId })}
            testId="plan-entry-remove"
          />
        </Flex>
      </Flex>
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noEntries')} />
      ) : (
        <ol className="apm-plan-entries" aria-label={t('entries')}>
          {entries.map((entry, index) => {
            const own = problemsOf(problems, entry.id);
            const errors = own.filter((p) => p.severity === 'error').length;
            const warnings = own.length - errors;
            const selected = entry.id === selectedId;
            return (
              <li
                key={entry.id}
                className={`apm-plan-entry${selected ? ' is-selected' : ''}${dragFrom === index ? ' is-dragged' : ''}`}
                draggable
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = 'move';
                  setDragFrom(index);
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, index)}
                onDragEnd={() => setDragFrom(null)}
                data-testid="plan-entry"
                data-entry-id={entry.id}
              >
                <button
                  type="button"
                  className="apm-plan-entry-button"
                  aria-pressed={selected}
                  onClick={() => dispatch({ type: 'select', id: entry.id })}
                >
                  <HolderOutlined aria-hidden className="apm-plan-entry-grip" />
                  <span
                    className="apm-plan-swatch"
                    style={{ background: colors.get(entry.id) }}
                    aria-hidden
                  />
                  <span className="apm-plan-entry-text">
                    <span className="apm-plan-entry-name">
                      {entry.name || t('entryNumber', { number: index + 1 })}
                    </span>
                    <span className="apm-plan-entry-meta">
                      <Tag color={KIND_COLORS[entry.kind]}>{t(`kinds.${entry.kind}`)}</Tag>
                      {t('priorityShort', { priority: entry.priority })}
                      {' · '}
                      {entry.items.map((i) => nameOf(i.programId)).join(', ') || t('noProgramYet')}
                    </span>
                    <span className="apm-plan-entry-meta">{datesSummary(entry, t)}</span>
                  </span>
                  {errors ? <Badge count={errors} title={t('errorsCount', { count: errors })} /> : null}
                  {warnings ? (
                    <Badge count={warnings} color="orange" title={t('warningsCount', { count: warnings })} />
                  ) : null}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

const KIND_COLORS: Record<PlanEntry['kind'], string> = {
  normal: 'blue',
  interrupt: 'orange',
  exclusive: 'red',
};

type T = ReturnType<typeof useTranslation<'planMake'>>['t'];

/** "From 2026-05-04 · Mo, Tu · 08:00–10:00" in a few words. */
function datesSummary(entry: PlanEntry, t: T): string {
  const range = entry.endDate
    ? t('dateRange', { start: entry.startDate, end: entry.endDate })
    : t('dateFrom', { start: entry.startDate });
  const days = entry.weekdays.length ? entry.weekdays.map((d) => t(`weekdaysShort.${d}`)).join(' ') : '';
  const windows = entry.windows.length
    ? entry.windows.map((w) => `${w.start}–${w.end}`).join(', ')
    : t('allDay');
  return [range, entry.rrule ? t('repeats') : '', days, windows].filter(Boolean).join(' · ');
}
