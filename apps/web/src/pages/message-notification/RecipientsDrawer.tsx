import type { Language, NotificationRecipient, NotificationSending } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '../../locales/languages';
import { listRecipients, type RecipientParams } from '../../services/notification-admin';
import { contentsOf } from '../../services/notifications';

/** Props of {@link RecipientsDrawer}. */
export interface RecipientsDrawerProps {
  sending: NotificationSending;
  onClose(): void;
}

type ReadFilter = 'all' | '0' | '1';

/** Details of one sending: its contents and its recipients with the read state of their copies. */
export function RecipientsDrawer({ sending, onClose }: RecipientsDrawerProps) {
  const { t } = useTranslation('messageNotification');
  const { t: tc } = useTranslation();
  const [params, setParams] = useState<RecipientParams>({ id: sending.id, pageNo: 1, pageSize: 10 });
  const recipients = useQuery({
    queryKey: ['messageNotification', 'recipients', params],
    queryFn: ({ signal }) => listRecipients(params, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Drawer open onClose={onClose} size={720} title={t('detailTitle')} data-testid="notification-detail">
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        {Object.entries(contentsOf(sending)).map(([code, text]) => {
          const info = languageInfo(code as Language);
          return (
            <Descriptions.Item key={code} label={t('contentIn', { language: info.label })}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }} lang={info.tag}>
                {text}
              </Typography.Text>
            </Descriptions.Item>
          );
        })}
        <Descriptions.Item label={t('sender')}>{sending.senderName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('sentAt')}>
          {dayjs(sending.createdAt).format('YYYY-MM-DD HH:mm:ss')}
        </Descriptions.Item>
        <Descriptions.Item label={t('readProgress')}>
          {t('readOf', { read: sending.readCount, total: sending.recipientCount })}
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Segmented<ReadFilter>
          value={params.readState ?? 'all'}
          onChange={(v) => setParams((p) => ({ ...p, pageNo: 1, readState: v === 'all' ? undefined : v }))}
          options={[
            { value: 'all', label: tc('common.all') },
            { value: '0', label: t('unread') },
            { value: '1', label: t('read') },
          ]}
        />
        <Input.Search
          allowClear
          maxLength={200}
          placeholder={t('recipientSearch')}
          aria-label={t('recipientSearch')}
          style={{ maxWidth: 260 }}
          onSearch={(v) => setParams((p) => ({ ...p, pageNo: 1, keyword: v.trim() || undefined }))}
        />
      </Flex>
      <Table<NotificationRecipient>
        rowKey="notificationId"
        size="small"
        loading={recipients.isFetching}
        dataSource={recipients.data?.list ?? []}
        locale={{ emptyText: tc('common.emptyList') }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: recipients.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
        }}
        onChange={(pagination) =>
          setParams((p) => ({ ...p, pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 }))
        }
        columns={[
          { key: 'name', title: tc('common.name'), dataIndex: 'name' },
          { key: 'loginName', title: t('loginName'), dataIndex: 'loginName' },
          { key: 'office', title: t('office'), dataIndex: 'officeName' },
          {
            key: 'readState',
            title: t('readState'),
            render: (_, r) =>
              r.readState === '1' ? (
                <Tag color="green">{t('read')}</Tag>
              ) : (
                <Tag color="orange">{t('unread')}</Tag>
              ),
          },
        ]}
      />
    </Drawer>
  );
}
