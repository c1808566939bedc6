import { ReloadOutlined } from '@ant-design/icons';
import {
  MESSAGE_DELIVERY_STATES,
  type MessageDelivery,
  type MessageDeliveryState,
  type MessageSummary,
} from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Drawer, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { getMessageDelivery, messageKeys, resendMessage } from '../../services/message';
import { messageErrorText } from './message-errors';
import { DELIVERY_COLOR } from './MessageBits';

/** How often an open drawer reads the delivery again. */
export const DELIVERY_POLL_MS = 2000;
/** Largest page the server answers; the failed terminals are read in pages this big. */
const FAILED_PAGE = 200;

/** Props of {@link MessageDeliveryDrawer}. */
export interface MessageDeliveryDrawerProps {
  message: Pick<MessageSummary, 'id' | 'name'>;
  onClose(): void;
}

const time = (iso: string | null) => (iso ? dayjs(iso).format('MM-DD HH:mm:ss') : '—');

/**
 * Where a sent message stands on each terminal (`findSendMessages`), read again every 2 s while open:
 * the counts of each state (the live acknowledgement count), a filter by state, failed terminals sent again.
 */
export function MessageDeliveryDrawer({ message: m, onClose }: MessageDeliveryDrawerProps) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [state, setState] = useState<MessageDeliveryState | undefined>(undefined);
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const params = { id: m.id, ...page, ...(state ? { state } : {}), ...(keyword ? { keyword } : {}) };
  const query = useQuery({
    queryKey: messageKeys.delivery(params),
    queryFn: ({ signal }) => getMessageDelivery(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_POLL_MS,
  });
  const counts = query.data?.counts;
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : 0;
  const acked = counts ? counts.delivered + counts.showing : 0;

  const resend = async (terminalIds?: number[]) => {
    try {
      const sent = await resendMessage(m.id, terminalIds);
      void message.success(
        t('sent', { count: sent.terminalCount, online: sent.online, queued: sent.queued }),
      );
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    } catch (failure) {
      void message.error(messageErrorText(failure));
    }
  };

  /** Every failed terminal of the send (all pages), sent again. */
  const resendFailed = async () => {
    try {
      const failed: number[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const part = await getMessageDelivery({ id: m.id, state: 'failed', pageNo, pageSize: FAILED_PAGE });
        failed.push(...part.list.map((r) => r.terminalId));
        if (part.list.length < FAILED_PAGE || failed.length >= part.count) break;
      }
      if (failed.length) await resend(failed);
    } catch (failure) {
      void message.error(messageErrorText(failure));
    }
  };

  return (
    <Drawer
      open
      size={880}
      title={t('delivery.title', { name: m.name })}
      onClose={onClose}
      destroyOnHidden
      data-testid="message-delivery-drawer"
    >
      {query.isError && !query.data ? (
        <Alert
          type="error"
          showIcon
          title={messageErrorText(query.error)}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} aria-live="polite">
          <span data-testid="message-delivery-acked">{t('delivery.acked', { acked, total })}</span>
        </Typography.Title>
        <Typography.Text type="secondary">{t('delivery.live')}</Typography.Text>
        <Authorized permission="message:list:publish">
          <Button
            icon={<ReloadOutlined />}
            disabled={!counts?.failed}
            onClick={() => void resendFailed()}
            data-testid="message-delivery-resend-failed"
          >
            {t('delivery.resendFailed')}
          </Button>
        </Authorized>
      </Flex>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Segmented<MessageDeliveryState | 'all'>
          value={state ?? 'all'}
          onChange={(v) => {
            setState(v === 'all' ? undefined : v);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
          options={[
            { value: 'all', label: t('delivery.all', { count: total }) },
            ...MESSAGE_DELIVERY_STATES.map((s) => ({
              value: s,
              label: (
                <span data-testid={`message-delivery-count-${s}`}>
                  {t(`deliveryStates.${s}`)} {counts?.[s] ?? 0}
                </span>
              ),
            })),
          ]}
          data-testid="message-delivery-filter"
        />
        <Input.Search
          allowClear
          maxLength={200}
          placeholder={t('form.searchTerminals')}
          aria-label={t('form.searchTerminals')}
          style={{ width: 220 }}
          onSearch={(v) => {
            setKeyword(v.trim() || undefined);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
      </Flex>
      <Table<MessageDelivery>
        rowKey="terminalId"
        size="small"
        loading={query.isPending}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('delivery.empty') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.count ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            key: 'name',
            title: t('form.terminal'),
            render: (_, r) => <Badge status={r.online ? 'success' : 'default'} text={r.name} />,
          },
          { key: 'office', title: t('columns.office'), dataIndex: 'officeName', ellipsis: true },
          { key: 'group', title: t('form.group'), render: (_, r) => r.groupName ?? '—', ellipsis: true },
          {
            key: 'state',
            title: t('delivery.state'),
            render: (_, r) => (
              <Tag
                color={DELIVERY_COLOR[r.state]}
                title={r.error ?? undefined}
                data-testid="message-delivery-state"
              >
                {t(`deliveryStates.${r.state}`)}
              </Tag>
            ),
          },
          { key: 'revision', title: t('columns.revision'), dataIndex: 'revision', width: 80 },
          { key: 'sentAt', title: t('columns.sentAt'), render: (_, r) => time(r.sentAt) },
          { key: 'doneAt', title: t('delivery.doneAt'), render: (_, r) => time(r.doneAt) },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_, r) =>
              r.state === 'failed' || r.state === 'expired' ? (
                <Authorized permission="message:list:publish">
                  <Button type="link" size="small" onClick={() => void resend([r.terminalId])}>
                    {t('actions.resend')}
                  </Button>
                </Authorized>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
