import { EyeOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Space, Spin, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { getAnnouncement, saveAnnouncement } from '../../services/announcement';
import { serverFieldErrors } from '../../services/request';
import { useLocaleStore } from '../../stores/locale';
import { AnnouncementPreview } from './AnnouncementPreview';
import {
  announcementStatus,
  periodInOrder,
  toAnnouncement,
  toFormValues,
  type AnnouncementFormValues,
} from './announcement-form';

const QUERY_KEY = ['announcements', 'manager'] as const;
const TITLE_MAX = 200;
const CONTENT_MAX = 5000;
const STATUS_COLOR = { active: 'green', scheduled: 'blue', ended: 'default', off: 'default' } as const;
/** Server field names → form fields (the times are one range field). */
const FORM_FIELD: Record<string, keyof AnnouncementFormValues> = {
  announcemenStartTime: 'period',
  announcemenEndTime: 'period',
};

/** Announcement management (sys/sysSetting/announcementManager): titles, contents, period, popup switch, preview. */
export default function AnnouncementManagerPage() {
  const { t } = useTranslation(['announcements', 'translation']);
  const { message } = App.useApp();
  const { can } = useAccess();
  const canEdit = can('sys:announcement:edit');
  const language = useLocaleStore((s) => s.language);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AnnouncementFormValues>();
  const [previewing, setPreviewing] = useState(false);
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: getAnnouncement });

  useEffect(() => {
    if (query.data !== undefined) form.setFieldsValue(toFormValues(query.data));
  }, [query.data, form]);

  const save = useMutation({
    mutationFn: (values: AnnouncementFormValues) => saveAnnouncement(toAnnouncement(values)),
    // Users see the new announcement at their next sign-in (the popup is read once per page load).
    onSuccess: (saved) => {
      void message.success(t('saved'));
      queryClient.setQueryData(QUERY_KEY, saved);
    },
    onError: (error) => {
      const fields = Object.entries(serverFieldErrors(error)).map(([field, text]) => ({
        name: FORM_FIELD[field] ?? (field as keyof AnnouncementFormValues),
        errors: [text],
      }));
      if (fields.length) form.setFields(fields);
      void message.error(error instanceof Error ? error.message : String(error));
    },
  });

  const label = (key: keyof typeof fieldsKeys) => t(fieldsKeys[key]);
  const tooLong = (field: string, max: number) => ({
    max,
    message: t('translation:common.tooLong', { field, max }),
  });
  const neededWhenOn = (other: keyof AnnouncementFormValues, text: string) => ({
    validator: async (_: unknown, value: string) => {
      if (!form.getFieldValue('colseTipOn')) return;
      if ((value ?? '').trim() || String(form.getFieldValue(other) ?? '').trim()) return;
      throw new Error(text);
    },
  });
  const saved = query.data;
  const status = saved ? announcementStatus(saved, Date.now()) : null;

  return (
    <Card
      title={
        <Space>
          {t('title')}
          {status && (
            <Tag color={STATUS_COLOR[status]} data-testid="announcement-status">
              {t(`status.${status}`)}
            </Tag>
          )}
        </Space>
      }
      extra={
        <Button
          icon={<EyeOutlined />}
          onClick={() => setPreviewing(true)}
          data-testid="announcement-preview-open"
        >
          {t('preview')}
        </Button>
      }
    >
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
      <Spin spinning={query.isLoading}>
        <Form
          form={form}
          name="announcement"
          layout="vertical"
          disabled={!canEdit}
          onFinish={(values) => save.mutate(values)}
          style={{ maxWidth: 900 }}
        >
          <Form.Item
            name="announcementTitleCh"
            label={label('titleCh')}
            rules={[
              tooLong(label('titleCh'), TITLE_MAX),
              neededWhenOn('announcementTitleEn', t('titleNeeded')),
            ]}
            dependencies={['colseTipOn', 'announcementTitleEn']}
          >
            <Input maxLength={TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="announcementTitleEn"
            label={label('titleEn')}
            rules={[tooLong(label('titleEn'), TITLE_MAX)]}
          >
            <Input maxLength={TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="announcementContentCh"
            label={label('contentCh')}
            rules={[
              tooLong(label('contentCh'), CONTENT_MAX),
              neededWhenOn('announcementContentEn', t('contentNeeded')),
            ]}
            dependencies={['colseTipOn', 'announcementContentEn']}
          >
            <Input.TextArea rows={4} maxLength={CONTENT_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="announcementContentEn"
            label={label('contentEn')}
            rules={[tooLong(label('contentEn'), CONTENT_MAX)]}
          >
            <Input.TextArea rows={4} maxLength={CONTENT_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="period"
            label={label('period')}
            rules={[
              {
                validator: async (_, value: AnnouncementFormValues['period']) => {
                  if (!periodInOrder(value)) throw new Error(t('endAfterStart'));
                },
              },
            ]}
          >
            <DatePicker.RangePicker
              showTime
              allowEmpty={[true, true]}
              placeholder={[label('start'), label('end')]}
              format="YYYY-MM-DD HH:mm:ss"
            />
          </Form.Item>
          <Form.Item name="colseTipOn" label={label('colseTipOn')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Space>
            <Authorized permission="sys:announcement:edit">
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                data-testid="announcement-save"
              >
                {t('translation:common.save')}
              </Button>
            </Authorized>
            <Button disabled={false} onClick={() => form.setFieldsValue(toFormValues(query.data))}>
              {t('translation:common.reset')}
            </Button>
          </Space>
        </Form>
      </Spin>
      {previewing && (
        <AnnouncementPreview
          open
          announcement={toAnnouncement({ ...toFormValues(query.data), ...form.getFieldsValue(true) })}
          chineseFirst={language === 'CN' || language === 'HK'}
          onClose={() => setPreviewing(false)}
        />
      )}
    </Card>
  );
}

const fieldsKeys = {
  titleCh: 'fields.titleCh',
  titleEn: 'fields.titleEn',
  contentCh: 'fields.contentCh',
  contentEn: 'fields.contentEn',
  period: 'fields.period',
  start: 'fields.start',
  end: 'fields.end',
  colseTipOn: 'fields.colseTipOn',
} as const;
