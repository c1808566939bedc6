import type { PlanSummary } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPlan, planKeys, previewPlan } from '../../services/plans';
import { planErrorText } from '../plans/plan-errors';
import {
  PreviewTerminalSelect,
  useCanChooseTerminal,
  type ChosenTerminal,
} from '../plans/timeline/PreviewTerminalSelect';
import { browserTimeZone, nextDaysRange, programIdsOf } from '../plans/timeline/timeline-logic';
import { TimelineView } from '../plans/timeline/TimelineView';
import { useProgramNames } from '../plans/timeline/use-program-names';

/** Props of {@link PlanPreviewDrawer}. */
export interface PlanPreviewDrawerProps {
  plan: Pick<PlanSummary, 'id' | 'name'>;
  onClose(): void;
}

/**
 * What a plan under review would play over the next 7 days (`playPlan/preview` of its document), read in
 * the reviewer's time zone or a chosen terminal's (with that terminal's other plans).
 */
export function PlanPreviewDrawer({ plan, onClose }: PlanPreviewDrawerProps) {
  const { t } = useTranslation('planReview');
  const { t: tt } = useTranslation('planTimeline');
  // Reviewers who do not choose terminals read the plan in their browser's zone only.
  const canChoose = useCanChooseTerminal();
  const zone = browserTimeZone();
  const range = useMemo(() => nextDaysRange(7), []);
  const [terminal, setTerminal] = useState<ChosenTerminal | null>(null);
  const on = terminal?.id ?? 0;
  const detail = useQuery({
    queryKey: planKeys.detail(plan.id),
    queryFn: ({ signal }) => getPlan(plan.id, signal),
  });
  const preview = useQuery({
    queryKey: ['plans', 'preview', plan.id, detail.data?.revision, on, range],
    queryFn: ({ signal }) =>
      previewPlan(
        {
          document: detail.data!.document,
          planId: plan.id,
          ...(terminal ? { terminalId: terminal.id } : { timeZone: zone }),
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
      {canChoose ? (
        <Form layout="vertical" name="planPreviewZone">
          <Form.Item label={tt('previewOn')} htmlFor="plan-preview-on">
            <PreviewTerminalSelect
              id="plan-preview-on"
              value={terminal}
              onChange={setTerminal}
              localLabel={tt('browserZone', { zone })}
              planId={plan.id}
              testId="plan-preview-on"
            />
          </Form.Item>
        </Form>
      ) : null}
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
