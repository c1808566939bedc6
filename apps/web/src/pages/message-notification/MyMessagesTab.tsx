import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import {
  deleteNotifications,
  listNotifications,
  updateReadState,
  type Notification,
} from '../../services/notifications';
import { useAccountStore } from '../../stores/account';
import { NotificationContent } from './NotificationContent';
import { notificationErrorText } from './notification-errors';

/** The signed-in user's own messages (what the bell shows), paged, marked read or unread, deleted. */
export function MyMessagesTab() {
  const { t } = useTranslation('messageNotification');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const userId = useAccountStore((s) => s.user?.id) ?? 0;
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });

  const messages = useQuery({
    queryKey: ['notifications', 'mine', userId, page],
    queryFn: () => listNotifications({ userId, ...page }),
    placeholderData: keepPreviousData,
    enabled: userId !== 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });

  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
      await refresh();
    } catch (failure) {
      void message.error(notificationErrorText(failure));
    }
  };

  return (
    <Table<Notification>
      rowKey="id"
      loading={messages.isFetching}
      dataSource={messages.data?.list ?? []}
      locale={{ emptyText: tc('common.emptyList') }}
      scroll={{ x: 700 }}
      pagination={{
        current: page.pageNo,
        pageSize: page.pageSize,
        total: messages.data?.count ?? 0,
        showSizeChanger: true,
        showTotal: (total) => tc('common.total', { total }),
      }}
      onChange={(p) => setPage({ pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      columns={[
        {
          key: 'content',
          title: t('content'),
          render: (_, r) => <NotificationContent item={r} strong={r.readState === '0'} />,
        },
        {
          key: 'readState',
          title: t('readState'),
          width: 110,
          render: (_, r) =>
            r.readState === '1' ? (
              <Tag color="green">{t('read')}</Tag>
            ) : (
              <Tag color="orange">{t('unread')}</Tag>
            ),
        },
        {
          key: 'createDate',
          title: t('receivedAt'),
          dataIndex: 'createDate',
          width: 160,
          render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
        },
        {
          key: 'actions',
          title: tc('common.actions'),
          fixed: 'right',
          width: 200,
          render: (_, r) => (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                onClick={() => act(() => updateReadState([r.id], r.readState === '1' ? '0' : '1'))}
              >
                {r.readState === '1' ? t('markUnread') : t('markRead')}
              </Button>
              <GuardedConfirm
                permission="sys:messageNotification:delete"
                title={t('confirmDeleteMessage')}
                onConfirm={() => act(() => deleteNotifications([r.id]))}
              >
                <Button type="link" size="small" danger>
                  {tc('common.delete')}
                </Button>
              </GuardedConfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
