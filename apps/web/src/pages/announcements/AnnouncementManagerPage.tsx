import { EyeOutlined } from '@ant-design/icons';
import { ANNOUNCEMENT_LIMITS, type Language } from '@apm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Space, Spin, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { LanguageTabs } from '../../components/admin/LanguageTabs';
import { languageInfo } from '../../locales/languages';
import { getAnnouncement, saveAnnouncement } from '../../services/announcement';
import { serverFieldErrors } from '../../services/request';
import { useLocaleStore } from '../../stores/locale';
import { useReaderLanguages } from '../../utils/reader-languages';
import { AnnouncementPreview } from './AnnouncementPreview';
import {
  announcementStatus,
  formFieldOf,
  formLanguages,
  periodInOrder,
  toAnnouncement,
  toFormValues,
  type AnnouncementFormValues,
} from './announcement-form';

const QUERY_KEY = ['announcements', 'manager'] as const;
const { title: TITLE_MAX, content: CONTENT_MAX } = ANNOUNCEMENT_LIMITS;
const STATUS_COLOR = { active: 'green', scheduled: 'blue', ended: 'default', off: 'default' } as const;

/**
 * Announcement management (sys/sysSetting/announcementManager): title and content in any of the seven
 * languages (a tab each), period, popup switch, preview.
 */
export default function AnnouncementManagerPage() {
  const { t } = useTranslation(['announcements', 'translation']);
  const { message } = App.useApp();
  const { can } = useAccess();
  const canEdit = can('sys:announcement:edit');
  const language = useLocaleStore((s) => s.language);
  const readerLanguages = useReaderLanguages();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AnnouncementFormValues>();
  const [previewing, setPreviewing] = useState(false);
  const [languages, setLanguages] = useState<Language[]>([language]);
  const [activeLanguage, setActiveLanguage] = useState<Language>(language);
  const [invalid, setInvalid] = useState<Language[]>([]);
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: getAnnouncement });

  /** Puts a saved announcement (or none) into the form, a tab per language it has. */
  const load = (saved: typeof query.data) => {
    const tabs = formLanguages(saved, language);
    form.resetFields();
    form.setFieldsValue(toFormValues(saved));
    setLanguages(tabs);
    setActiveLanguage(tabs.includes(language) ? language : tabs[0]!);
    setInvalid([]);
  };
  useEffect(() => {
    if (query.data !== undefined) load(query.data);
    // Only a newly fetched announcement reloads the form, not a language switch.
  }, [query.data]);

  /** Marks the language tabs holding errors and shows the first of them. */
  const markInvalid = (names: (string | number)[][]) => {
    const failed = languages.filter((l) => names.some((n) => n[0] === 'texts' && n[1] === l));
    setInvalid(failed);
    if (failed.length && !failed.includes(activeLanguage)) setActiveLanguage(failed[0]!);
  };

  const save = useMutation({
    mutationFn: (values: AnnouncementFormValues) => saveAnnouncement(toAnnouncement(values, languages)),
    // Users see the new announcement at their next sign-in (the popup is read once per page load).
    onSuccess: (saved) => {
      void message.success(t('saved'));
      queryClient.setQueryData(QUERY_KEY, saved);
    },
    onError: (error) => {
      const fields = Object.entries(serverFieldErrors(error)).flatMap(([field, text]) => {
        const name = formFieldOf(field);
        return name ? [{ name: name as never, errors: [text] }] : [];
      });
      if (fields.length) {
        form.setFields(fields);
        markInvalid(fields.map((f) => f.name as (string | number)[]));
      }
      void message.error(error instanceof Error ? error.message : String(error));
    },
  });

  const label = (key: keyof typeof fieldsKeys) => t(fieldsKeys[key]);
  const tooLong = (field: string, max: number) => ({
    max,
    message: t('translation:common.tooLong', { field, max }),
  });
  /** A title or content is needed in every language of a popup that is switched on. */
  const neededWhenOn = (text: string) => ({
    validator: async (_: unknown, value: string) => {
      if (form.getFieldValue('colseTipOn') && !(value ?? '').trim()) throw new Error(text);
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
          // Until the saved announcement has filled it: what was typed before would be lost then.
          disabled={!canEdit || query.isLoading}
          onFinish={(values) => save.mutate(values)}
          onFinishFailed={({ errorFields }) => markInvalid(errorFields.map((f) => f.name))}
          onValuesChange={(changed) => {
            if ('texts' in changed) setInvalid([]);
          }}
          style={{ maxWidth: 900 }}
        >
          <Form.Item label={label('texts')} required>
            <LanguageTabs
              languages={languages}
              onLanguagesChange={setLanguages}
              active={activeLanguage}
              onActiveChange={setActiveLanguage}
              invalid={invalid}
              disabled={!canEdit || query.isLoading}
              addLabel={t('addLanguage')}
              removeLabel={t('removeLanguage')}
              testId="announcement-languages"
              renderPane={(l) => {
                const name = languageInfo(l).label;
                const titleLabel = t('fields.titleIn', { language: name });
                const contentLabel = t('fields.contentIn', { language: name });
                return (
                  <>
                    <Form.Item
                      name={['texts', l, 'title']}
                      label={titleLabel}
                      rules={[tooLong(titleLabel, TITLE_MAX), neededWhenOn(t('titleNeeded'))]}
                      dependencies={['colseTipOn']}
                    >
                      <Input maxLength={TITLE_MAX} showCount lang={languageInfo(l).tag} />
                    </Form.Item>
                    <Form.Item
                      name={['texts', l, 'content']}
                      label={contentLabel}
                      rules={[tooLong(contentLabel, CONTENT_MAX), neededWhenOn(t('contentNeeded'))]}
                      dependencies={['colseTipOn']}
                    >
                      <Input.TextArea rows={4} maxLength={CONTENT_MAX} showCount lang={languageInfo(l).tag} />
                    </Form.Item>
                  </>
                );
              }}
            />
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
            <Button disabled={false} onClick={() => load(query.data)}>
              {t('translation:common.reset')}
            </Button>
          </Space>
        </Form>
      </Spin>
      {previewing && (
        <AnnouncementPreview
          open
          texts={toAnnouncement(form.getFieldsValue(true) as AnnouncementFormValues, languages).texts ?? {}}
          readerLanguages={readerLanguages}
          onClose={() => setPreviewing(false)}
        />
      )}
    </Card>
  );
}

const fieldsKeys = {
  texts: 'fields.texts',
  period: 'fields.period',
  start: 'fields.start',
  end: 'fields.end',
  colseTipOn: 'fields.colseTipOn',
} as const;
