import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendAppUpdate, type SentCommand } from '../../services/terminal';
import { CommandDialog } from './CommandDialog';
import { APP_URL_MAX, APP_VERSION_MAX, appUpdateParamsOf, isAppUrl } from './command-forms';

interface UpdateValues {
  url: string;
  version: string;
}

/** Props of {@link UpdateAppModal}. */
export interface UpdateAppModalProps {
  terminalIds: readonly number[];
  onClose(): void;
  onSent(sent: SentCommand): void;
}

/** "Update app": the package URL and its version (`sendApkUpdate`); asks before sending. */
export function UpdateAppModal({ terminalIds, onClose, onSent }: UpdateAppModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<UpdateValues>();
  const url = t('update.url');
  const version = t('update.version');

  return (
    <CommandDialog<UpdateValues>
      id="update"
      title={t('update.title', { count: terminalIds.length })}
      form={form}
      send={(values) => sendAppUpdate(terminalIds, appUpdateParamsOf(values))}
      confirm={(values) => t('update.confirm', { version: values.version.trim(), count: terminalIds.length })}
      onClose={onClose}
      onSent={onSent}
    >
      <Alert type="info" showIcon title={t('update.hint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="url"
        label={url}
        rules={[
          { required: true, whitespace: true, message: tc('common.required', { field: url }) },
          {
            validator: (_, v: string | undefined) =>
              !v?.trim() || isAppUrl(v) ? Promise.resolve() : Promise.reject(new Error()),
            message: t('update.urlInvalid', { field: url }),
          },
        ]}
      >
        <Input maxLength={APP_URL_MAX} placeholder="https://" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="version"
        label={version}
        rules={[
          { required: true, whitespace: true, message: tc('common.required', { field: version }) },
          { max: APP_VERSION_MAX, message: tc('common.tooLong', { field: version, max: APP_VERSION_MAX }) },
        ]}
      >
        <Input maxLength={APP_VERSION_MAX} autoComplete="off" />
      </Form.Item>
    </CommandDialog>
  );
}
