import { Alert, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { PublishSettings } from './publish-logic';

/** Props of {@link PublishConfirm}. */
export interface PublishConfirmProps {
  programName: string;
  settings: PublishSettings;
  terminalCount: number;
  /** The server's reason when publishing was refused. */
  error: string | null;
}

/** Third step: what will be published where and when, and the server's reason if it refused. */
export function PublishConfirm({ programName, settings, terminalCount, error }: PublishConfirmProps) {
  const { t } = useTranslation('publish');
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
          { key: 'program', label: t('program'), children: programName },
          {
            key: 'when',
            label: t('when'),
            children:
              settings.startAt || settings.endAt
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
