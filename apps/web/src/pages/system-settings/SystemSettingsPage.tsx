import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { RequestError } from '../../services/request';
import { listSettings, saveSecret, saveSetting } from '../../services/settings';
import { PlatformBrandsCard } from './PlatformBrandsCard';
import { SettingsSections } from './SettingsSections';
import { changedSettings, toFormValues, type SettingsFormValues } from './settings-form';

const LIST_KEY = ['systemSettings', 'list'] as const;
const GROUP_LABEL: Record<string, string> = {
  smtpServer: 'groups.email',
  smsProvider: 'groups.sms',
  brandHosts: 'groups.brands',
};

/** The form field a server message names: `value.port ...` of smtpServer is ['smtpServer', 'port']. */
function fieldOf(key: string, message: string): (string | number)[] {
  const match = /^value\.([A-Za-z]+)\b/.exec(message);
  return match && key !== 'brandHosts' ? [key, match[1]!] : [key];
}

/** System settings (sys/sysSetting/list): typed settings by group; saves only what changed. */
export default function SystemSettingsPage() {
  const { t } = useTranslation(['systemSettings', 'translation']);
  const { message } = App.useApp();
  const { can } = useAccess();
  const canEdit = can('sys:setting:edit');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsFormValues>();
  const [saving, setSaving] = useState(false);
  const list = useQuery({ queryKey: LIST_KEY, queryFn: listSettings });
  const items = list.data;

  useEffect(() => {
    if (items) form.setFieldsValue(toFormValues(items));
  }, [items, form]);

  const tx = t as unknown as (key: string) => string;
  const labelOf = (key: string) => tx(GROUP_LABEL[key] ?? `fields.${key}`);

  const onFinish = async (values: SettingsFormValues) => {
    if (!items) return;
    const { settings, secrets } = changedSettings(items, values);
    if (!settings.length && !secrets.length) {
      void message.info(t('nothingChanged'));
      return;
    }
    setSaving(true);
    let saved = 0;
    try {
      for (const { key, value } of settings) {
        await saveSetting(key, value);
        saved += 1;
      }
      for (const { key, secret } of secrets) {
        await saveSecret(key, secret);
        saved += 1;
      }
      void message.success(t('saved', { count: saved }));
    } catch (error) {
      const failed = settings[saved]?.key ?? secrets[saved - settings.length]?.key ?? '';
      const text = error instanceof RequestError ? error.message : String(error);
      form.setFields([{ name: fieldOf(failed, text) as never, errors: [text] }]);
      void message.error(t('saveFailed', { field: labelOf(failed), message: text }));
    } finally {
      setSaving(false);
      if (saved) await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    }
  };

  const clearSecret = async (key: string) => {
    try {
      await saveSecret(key, '');
      void message.success(t('secretCleared', { field: labelOf(key) }));
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <Card
        title={t('title')}
        extra={
          <Authorized permission="sys:setting:edit">
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => form.submit()}>
              {t('translation:common.save')}
            </Button>
          </Authorized>
        }
      >
        {list.isError && (
          <Alert
            type="error"
            showIcon
            title={list.error instanceof Error ? list.error.message : String(list.error)}
            action={<Button onClick={() => void list.refetch()}>{t('translation:common.reload')}</Button>}
            style={{ marginBottom: 16 }}
          />
        )}
        {!items && list.isLoading ? (
          <Skeleton active paragraph={{ rows: 10 }} />
        ) : (
          <Form
            form={form}
            name="system-settings"
            layout="horizontal"
            labelCol={{ flex: '320px' }}
            labelWrap
            disabled={!canEdit}
            onFinish={(values) => void onFinish(values)}
            scrollToFirstError
          >
            <SettingsSections
              items={items ?? []}
              canEdit={canEdit}
              onClearSecret={(key) => void clearSecret(key)}
            />
            <Space>
              <Authorized permission="sys:setting:edit">
                <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
                  {t('translation:common.save')}
                </Button>
              </Authorized>
              <Button disabled={false} onClick={() => items && form.setFieldsValue(toFormValues(items))}>
                {t('translation:common.reset')}
              </Button>
            </Space>
          </Form>
        )}
      </Card>
      {items ? <PlatformBrandsCard items={items} /> : null}
    </>
  );
}
