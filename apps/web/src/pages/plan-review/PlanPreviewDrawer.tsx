import type { PlanSummary } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Select, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { getPlan, planKeys, previewPlan, selectPlanTerminals } from '../../services/plans';
import { useDebounced } from '../../utils/use-debounced';
import { planErrorText } from '../plans/plan-errors';
import { browserTimeZone, nextDaysRange, programIdsOf } from '../plans/timeline/timeline-logic';
import { TimelineView } from '../plans/timeline/TimelineView';
import { useProgramNames } from '../plans/timeline/use-program-names';

/** Props of {@link PlanPreviewDrawer}. */
export interface PlanPreviewDrawerProps {
  plan: Pick<PlanSummary, 'id' | 'name'>;
  onClose(): void;
}

/** The browser's zone in the "read in" choice (terminals are their ids). */
const BROWSER = 0;

/**
 * What a plan under review would play over the next 7 days (`playPlan/preview` of its document), read in
 * the reviewer's time zone or a chosen terminal's (with that terminal's other plans).
 */
export function PlanPreviewDrawer({ plan, onClose }: PlanPreviewDrawerProps) {
  const { t } = useTranslation('planReview');
  const { t: tt } = useTranslation('planTimeline');
  const { can } = useAccess();
  const zone = browserTimeZone();
  const range = useMemo(() => nextDaysRange(7), []);
  const [on, setOn] = useState(BROWSER);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const detail = useQuery({
    queryKey: planKeys.detail(plan.id),
    queryFn: ({ signal }) => getPlan(plan.id, signal),
  });
  const terminalParams = { pageNo: 1, pageSize: 50, keyword: search || undefined, planId: plan.id };
  const terminals = useQuery({
    queryKey: planKeys.terminals(terminalParams),
    queryFn: ({ signal }) => selectPlanTerminals(terminalParams, signal),
    placeholderData: keepPreviousData,
    retry: false,
    // Reviewers who do not choose terminals read the plan in their browser's zone only.
    enabled: can('plan:list:publish') || can('publish:terminalSelection:view'),
  });
  const preview = useQuery({
    queryKey: ['plans', 'preview', plan.id, detail.data?.revision, on, range],
    queryFn: ({ signal }) =>
      previewPlan(
        {
          document: detail.data!.document,
          planId: plan.id,
          ...(on === BROWSER ? { timeZone: zone } : { terminalId: on }),
          ...range,
        },
        signal,
      ),
    enabled: !!detail.data,
  });
  const ids = useMemo(() => programIdsOf(preview.data?.segments ?? []), [preview.data]);
  const programName = useProgramNames(ids, detail.data?.programs);
  const entryName = (planId: number | null, entryId: string | null) =>
    planId === plan.id || planId === null
      ? detail.data?.document.entries.find((e) => e.id === entryId)?.name || undefined
      : undefined;
  const failure = detail.error ?? preview.error;

  return (
    <Drawer
      open
      size={720}
      title={t('previewTitle', { name: plan.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="plan-preview-drawer"
    >
      <Form layout="vertical" name="planPreviewZone">
        <Form.Item label={tt('previewOn')} htmlFor="plan-preview-on">
          <Select
            id="plan-preview-on"
            value={on}
            onChange={setOn}
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            loading={terminals.isFetching}
            options={[
              { value: BROWSER, label: tt('browserZone', { zone }) },
              ...(terminals.data?.list ?? []).map((x) => ({
                value: x.id,
                label: tt('terminalZone', { name: x.name }),
              })),
            ]}
            data-testid="plan-preview-on"
          />
        </Form.Item>
      </Form>
      {failure ? (
        <Alert
          type="error"
          showIcon
          title={detail.error ? t('loadFailed') : tt('loadFailed')}
          description={planErrorText(failure)}
          action={
            <Button size="small" onClick={() => void (detail.error ? detail.refetch() : preview.refetch())}>
              {tt('retry')}
            </Button>
          }
          data-testid="timeline-error"
        />
      ) : !preview.data ? (
        <Skeleton active />
      ) : (
        <TimelineView
          timeZone={preview.data.timeZone}
          from={preview.data.from}
          to={preview.data.to}
          segments={preview.data.segments}
          programName={programName}
          entryName={entryName}
        />
      )}
    </Drawer>
  );
}
