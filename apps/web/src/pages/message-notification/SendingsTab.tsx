import { SendOutlined } from '@ant-design/icons';
import type { NotificationSending } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import { deleteSendings, listSendings, type SendingListParams } from '../../services/notification-admin';
import { RecipientsDrawer } from './RecipientsDrawer';
import { SendNotificationModal } from './SendNotificationModal';
import { NotificationContent } from './NotificationContent';
import { notificationErrorText } from './notification-errors';

/** The sendings within the user's data range: search, paging, sending, details and deletion. */
export function SendingsTab() {
  const { t } = useTranslation('messageNotification');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const table = useServerTable<NotificationSending, SendingListParams, { keyword?: string }>({
    queryKey: ['messageNotification', 'sendings'],
    fetch: listSendings,
  });
  const [sending, setSending] = useState(false);
  const [detail, setDetail] = useState<NotificationSending | null>(null);

  // The recipient lists change with the sendings, not only this list.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['messageNotification'] });

  const onDelete = async (item: NotificationSending) => {
    try {
      await deleteSendings([item.id]);
      void message.success(t('deleted'));
      await refresh();
    } catch (failure) {
      void message.error(notificationErrorText(failure));
    }
  };

  return (
    <>
      <Form
        form={table.form}
        name="notificationSearch"
        layout="inline"
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="keyword" label={t('content')}>
          <Input allowClear maxLength={200} data-testid="notification-search-keyword" />
        </Form.Item>
        <SearchActions onReset={table.reset} testId="notification-search" />
      </Form>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="sys:messageNotification:add">
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => setSending(true)}
            data-testid="notification-new"
          >
            {t('sendTitle')}
          </Button>
        </Authorized>
      </Flex>
      <Table<NotificationSending>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 860 }}
        columns={[
          {
            key: 'content',
            title: t('content'),
            render: (_, r) => <NotificationContent item={r} rows={2} />,
          },
          { key: 'sender', title: t('sender'), width: 140, render: (_, r) => r.senderName ?? '—' },
          { key: 'recipients', title: t('recipients'), dataIndex: 'recipientCount', width: 110 },
          {
            key: 'read',
            title: t('readProgress'),
            width: 120,
            render: (_, r) => t('readOf', { read: r.readCount, total: r.recipientCount }),
          },
          {
            key: 'createdAt',
            title: t('sentAt'),
            dataIndex: 'createdAt',
            width: 160,
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 150,
            render: (_, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setDetail(r)}
                  data-testid="notification-detail-open"
                >
                  {tc('common.details')}
                </Button>
                <GuardedConfirm
                  permission="sys:messageNotification:delete"
                  title={t('confirmDelete')}
                  onConfirm={() => onDelete(r)}
                >
                  <Button type="link" size="small" danger data-testid="notification-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </Space>
            ),
          },
        ]}
      />
      {sending ? (
        <SendNotificationModal
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false);
            void refresh();
            void queryClient.invalidateQueries({ queryKey: ['notifications'] });
          }}
        />
      ) : null}
      {detail ? <RecipientsDrawer sending={detail} onClose={() => setDetail(null)} /> : null}
    </>
  );
}
