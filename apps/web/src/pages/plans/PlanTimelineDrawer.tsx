import type { PlanSummary } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Form, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../utils/use-debounced';
import { planKeys, selectPlanTerminals } from '../../services/plans';
import { TerminalSchedule } from './timeline/TerminalSchedule';

/** Props of {@link PlanTimelineDrawer}. */
export interface PlanTimelineDrawerProps {
  plan: Pick<PlanSummary, 'id' | 'name'>;
  onClose(): void;
}

/** Terminals the picker offers at once (searching finds the others). */
const PICK_SIZE = 50;

/**
 * The list's "Timeline": one of the terminals the plan is published to (the first by default) and
 * what plays on it over the next 7 days, with all its plans, in its time zone.
 */
export function PlanTimelineDrawer({ plan, onClose }: PlanTimelineDrawerProps) {
  const { t } = useTranslation('plans');
  const { t: tt } = useTranslation('planTimeline');
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const [chosen, setChosen] = useState<number | undefined>();
  const params = {
    planId: plan.id,
    published: true,
    pageNo: 1,
    pageSize: PICK_SIZE,
    keyword: search || undefined,
  };
  const terminals = useQuery({
    queryKey: planKeys.terminals(params),
    queryFn: ({ signal }) => selectPlanTerminals(params, signal),
    placeholderData: keepPreviousData,
  });
  const list = terminals.data?.list ?? [];
  const terminalId = chosen ?? (search ? undefined : list[0]?.id);

  return (
    <Drawer
      open
      size={680}
      title={t('timelineTitle', { name: plan.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="plan-timeline-drawer"
    >
      {terminals.isPending ? (
        <Skeleton active />
      ) : !list.length && !search ? (
        <Empty description={tt('noTerminals')} data-testid="plan-timeline-no-terminals" />
      ) : (
        <>
          <Form layout="vertical" name="planTimelineTerminal">
            <Form.Item label={tt('terminal')} htmlFor="plan-timeline-terminal">
              <Select
                id="plan-timeline-terminal"
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder={tt('chooseTerminal')}
                value={terminalId}
                onChange={(id: number) => setChosen(id)}
                loading={terminals.isFetching}
                options={list.map((x) => ({ value: x.id, label: x.name }))}
                data-testid="plan-timeline-terminal"
              />
            </Form.Item>
          </Form>
          <Typography.Paragraph type="secondary">{tt('nextDays')}</Typography.Paragraph>
          {terminalId !== undefined ? <TerminalSchedule key={terminalId} terminalId={terminalId} /> : null}
        </>
      )}
    </Drawer>
  );
}
