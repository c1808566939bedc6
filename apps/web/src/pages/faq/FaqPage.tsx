import { PlusOutlined } from '@ant-design/icons';
import type { Faq, Language } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Select, Space, Switch, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { LANGUAGES, languageInfo } from '../../locales/languages';
import { deleteFaq, listFaq, publishFaq, type FaqListParams } from '../../services/faq';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import { useLocaleStore } from '../../stores/locale';
import { FaqFormModal } from './FaqFormModal';
import { faqErrorText } from './faq-errors';

interface SearchValues {
  language?: Language;
  published?: '0' | '1';
  keyword?: string;
}

/** `sys/faq`: common problems per language, with filters, paging, editing and publishing. */
export default function FaqPage() {
  const { t } = useTranslation('faq');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const language = useLocaleStore((s) => s.language);
  const queryClient = useQueryClient();
  const table = useServerTable<Faq, FaqListParams, SearchValues>({
    queryKey: ['faq', 'list'],
    fetch: listFaq,
  });
  const { params } = table;
  // The help drawer's published entries change with the list.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['faq'] });
  const [editing, setEditing] = useState<Faq | null | undefined>(undefined);
  const [toggling, setToggling] = useState<number | null>(null);

  const onDelete = async (entry: Faq) => {
    try {
      await deleteFaq([entry.id]);
      void message.success(t('deleted'));
      await refresh();
    } catch (failure) {
      void message.error(faqErrorText(failure));
    }
  };

  const onPublish = async (entry: Faq, published: boolean) => {
    setToggling(entry.id);
    try {
      await publishFaq(entry.id, published);
      void message.success(published ? t('publishedNow') : t('withdrawn'));
      await refresh();
    } catch (failure) {
      void message.error(faqErrorText(failure));
    } finally {
      setToggling(null);
    }
  };

  return (
    <Card title={t('title')}>
      <Form
        form={table.form}
        name="faqSearch"
        layout="inline"
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="language" label={t('language')}>
          <Select
            allowClear
            placeholder={tc('common.all')}
            style={{ width: 140 }}
            options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
            data-testid="faq-filter-language"
          />
        </Form.Item>
        <Form.Item name="published" label={t('published')}>
          <Select
            allowClear
            placeholder={tc('common.all')}
            style={{ width: 120 }}
            options={[
              { value: '1', label: tc('common.yes') },
              { value: '0', label: tc('common.no') },
            ]}
          />
        </Form.Item>
        <Form.Item name="keyword" label={tc('common.keyword')}>
          <Input allowClear maxLength={200} placeholder={t('keywordHint')} data-testid="faq-search-keyword" />
        </Form.Item>
        <SearchActions onReset={table.reset} testId="faq-search" />
      </Form>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="sys:faq:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="faq-create"
          >
            {t('create')}
          </Button>
        </Authorized>
      </Flex>
      <Table<Faq>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 900 }}
        columns={[
          {
            key: 'language',
            title: t('language'),
            width: 120,
            render: (_, r) => languageInfo(r.language as Language).label,
          },
          { key: 'question', title: t('question'), dataIndex: 'question', ellipsis: true },
          {
            key: 'answer',
            title: t('answer'),
            dataIndex: 'answer',
            render: (answer: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                {answer}
              </Typography.Paragraph>
            ),
          },
          { key: 'sort', title: tc('common.sort'), dataIndex: 'sort', width: 80 },
          {
            key: 'published',
            title: t('published'),
            width: 100,
            render: (_, r) => (
              <Authorized permission="sys:faq:edit">
                <Switch
                  size="small"
                  checked={r.published}
                  loading={toggling === r.id}
                  onChange={(checked) => onPublish(r, checked)}
                  aria-label={t('published')}
                  data-testid="faq-publish"
                />
              </Authorized>
            ),
          },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            dataIndex: 'updatedAt',
            width: 150,
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 140,
            render: (_, r) => (
              <Space size={0}>
                <Authorized permission="sys:faq:edit">
                  <Button type="link" size="small" onClick={() => setEditing(r)} data-testid="faq-edit">
                    {tc('common.edit')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission="sys:faq:delete"
                  title={tc('common.confirmDelete', { name: r.question })}
                  onConfirm={() => onDelete(r)}
                >
                  <Button type="link" size="small" danger data-testid="faq-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <FaqFormModal
          entry={editing}
          defaultLanguage={params.language ?? language}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
