import { Alert, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PublishSettings } from './publish-logic';
import type { PublishKind } from './publish-targets';
import { useTargetText } from './use-target-text';

/** Props of {@link PublishConfirm}. */
export interface PublishConfirmProps {
  /** What is published (its wording; a plan has no window). */
  kind?: PublishKind;
  programName: string;
  settings: PublishSettings;
  terminalCount: number;
  /** The server's reason when publishing was refused. */
  error: string | null;
}

/** Third step: what will be published where and when, and the server's reason if it refused. */
export function PublishConfirm({
  kind = 'program',
  programName,
  settings,
  terminalCount,
  error,
}: PublishConfirmProps) {
  const { t } = useTranslation('publish');
  const tt = useTargetText(kind);
  const at = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : t('open'));
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={1}
        title={t('summary')}
        style={{ maxWidth: 640 }}
        items={[
          { key: 'program', label: tt('program'), children: programName },
          {
            key: 'when',
            label: t('when'),
            children:
              kind === 'plan'
                ? t('plan.when')
                : settings.startAt || settings.endAt
                  ? t('windowText', { start: at(settings.startAt), end: at(settings.endAt) })
                  : t('now'),
          },
          { key: 'mode', label: t('mode'), children: t(`modes.${settings.mode}`) },
          {
            key: 'terminals',
            label: t('terminalCount'),
            children: <span data-testid="publish-confirm-count">{terminalCount}</span>,
          },
        ]}
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('publishFailed')}
          description={error}
          style={{ marginTop: 16, maxWidth: 640 }}
          data-testid="publish-error"
        />
      ) : null}
    </>
  );
}
