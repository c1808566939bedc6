import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Result, Segmented, Steps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Authorized } from '../../access/Authorized';
import { PageLoading } from '../../components/PageLoading';
import { DeliveryView } from './DeliveryView';
import { PublishConfirm } from './PublishConfirm';
import { PublishSettingsStep } from './PublishSettingsStep';
import { TerminalPicker } from './TerminalPicker';
import { windowProblem, type PublishSettings } from './publish-logic';
import { programTarget, targetOfParams } from './publish-targets';
import { useTargetText } from './use-target-text';

/** Props of {@link PublishFlow}. */
export interface PublishFlowProps {
  /** `settings` for `/publishSet`, `terminals` for `/terminalSelection`. */
  start: 'settings' | 'terminals';
}

/**
 * Publishing a program (`?programId=N`) or a play plan (`?planId=N`): settings (window for programs,
 * mode) → terminals → confirm, then the live delivery view (`&view=delivery`, kept in the address so a
 * reload stays there).
 */
export function PublishFlow({ start }: PublishFlowProps) {
  const { t } = useTranslation('publish');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const named = targetOfParams(params);
  // Hooks run whatever the address says; without a target they ask nothing (the 404 below shows).
  const target = named ?? programTarget(0);
  const tt = useTargetText(target.kind);
  const view = params.get('view') === 'delivery' && target.delivery ? 'delivery' : 'publish';
  const [step, setStep] = useState(start === 'settings' ? 0 : 1);
  const [settings, setSettings] = useState<PublishSettings>({ mode: 'add', startAt: null, endAt: null });
  const [windowed, setWindowed] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const program = useQuery({
    queryKey: [target.domainKey, 'detail', target.id],
    queryFn: ({ signal }) => target.load(signal),
    enabled: named !== null,
  });
  const publish = useMutation({
    mutationFn: () => target.save(selected, settings),
    onSuccess: (result) => {
      void message.success(t('publishedOk', { count: result.terminalIds.length }));
      void queryClient.invalidateQueries({ queryKey: [target.domainKey] });
      void queryClient.invalidateQueries({ queryKey: ['publish'] });
      setSelected([]);
      setStep(0);
      if (target.delivery) setView('delivery');
    },
    onError: (failure) => setError(target.errorText(failure)),
  });
  const setView = (next: 'publish' | 'delivery') =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      if (next === 'delivery') out.set('view', 'delivery');
      else out.delete('view');
      return out;
    });

  const back = (
    <Link to={target.listPath}>
      <Button icon={<ArrowLeftOutlined />} data-testid="publish-back">
        {tt('back')}
      </Button>
    </Link>
  );
  if (named === null) return <Result status="404" title={t('noProgram')} extra={back} />;
  if (program.isPending) return <PageLoading />;
  if (program.isError)
    return (
      <Result
        status="warning"
        title={tt('loadFailed')}
        subTitle={target.errorText(program.error)}
        extra={back}
      />
    );
  const p = program.data;
  const settingsReady =
    !windowed || (!!settings.startAt && !!settings.endAt && !windowProblem(settings.startAt, settings.endAt));
  const canNext = step === 0 ? settingsReady : selected.length > 0;

  return (
    <Flex vertical gap={16} style={{ padding: 16, minHeight: '100%' }}>
      <Flex gap={12} align="center" wrap>
        {back}
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {start === 'settings' ? tt('title') : t('selectionTitle')}: {p.name}
        </Typography.Title>
        <Tag>{t(`reviewStates.${p.reviewState}`)}</Tag>
        {target.delivery ? (
          <Segmented
            style={{ marginInlineStart: 'auto' }}
            value={view}
            onChange={(v) => setView(v as 'publish' | 'delivery')}
            options={[
              { value: 'publish', label: t('views.publish') },
              { value: 'delivery', label: t('views.delivery') },
            ]}
            data-testid="publish-view"
          />
        ) : null}
      </Flex>
      {p.reviewState !== 'approved' ? (
        <Alert
          type="warning"
          showIcon
          title={tt('notApproved', { state: t(`reviewStates.${p.reviewState}`) })}
        />
      ) : null}
      <Card>
        {view === 'delivery' ? (
          <DeliveryView target={target} />
        ) : (
          <>
            <Steps
              current={step}
              style={{ marginBottom: 24 }}
              items={[
                { title: t('steps.settings') },
                { title: t('steps.terminals') },
                { title: t('steps.confirm') },
              ]}
            />
            {step === 0 ? (
              <PublishSettingsStep
                value={settings}
                onChange={setSettings}
                windowed={windowed}
                onWindowedChange={setWindowed}
                kind={target.kind}
                windowChoice={target.windowed}
              />
            ) : step === 1 ? (
              <TerminalPicker target={target} selected={selected} onChange={setSelected} />
            ) : (
              <PublishConfirm
                kind={target.kind}
                programName={p.name}
                settings={settings}
                terminalCount={selected.length}
                error={error}
              />
            )}
            <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
              {step > 0 ? (
                <Button
                  onClick={() => {
                    setError(null);
                    setStep(step - 1);
                  }}
                  data-testid="publish-previous"
                >
                  {t('previous')}
                </Button>
              ) : null}
              {step < 2 ? (
                <Button
                  type="primary"
                  disabled={!canNext}
                  onClick={() => setStep(step + 1)}
                  data-testid="publish-next"
                >
                  {t('next')}
                </Button>
              ) : (
                <Authorized permission={target.permission}>
                  <Button
                    type="primary"
                    loading={publish.isPending}
                    disabled={!selected.length}
                    onClick={() => {
                      setError(null);
                      publish.mutate();
                    }}
                    data-testid="publish-submit"
                  >
                    {t('publish')}
                  </Button>
                </Authorized>
              )}
            </Flex>
            {step === 1 && !selected.length ? (
              <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'end' }}>
                {t('noneSelected')}
              </Typography.Text>
            ) : null}
          </>
        )}
      </Card>
    </Flex>
  );
}
