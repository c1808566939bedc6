import { ApiOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  REVIEW_STATE_VALUES,
  type MessageSortField,
  type MessageSummary,
} from '@apm/contract';
import { App, Button, Card, Flex, Form, Input, Segmented, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  deleteMessages,
  getMessage,
  listMessages,
  messageKeys,
  purgeMessages,
  restoreMessages,
  type MessageListParams,
} from '../../services/message';
import { messageErrorText } from './message-errors';
import { MessageDeliveryDrawer } from './MessageDeliveryDrawer';
import { MessagePreviewModal } from './MessagePreviewModal';
import { messageColumns, messageFormPath } from './message-columns';
import { BinRowActions, RowActions } from './MessageRowActions';
import { ResubmitModal } from './ResubmitModal';
import { RunningTakeovers } from './RunningTakeovers';
import { useSendActions } from './use-send-actions';
import { WebhookModal } from './webhook/WebhookModal';

const SORTABLE: readonly MessageSortField[] = [
  'name',
  'priority',
  'createdAt',
  'updatedAt',
  'sentAt',
  'validUntil',
];

type SearchValues = Pick<MessageListParams, 'keyword' | 'kind' | 'status' | 'reviewState'>;
type View = 'messages' | 'bin';

/**
 * `publishMessage/list`: messages of the caller's range — search, filter, sort, page; send, send again,
 * stop (a running takeover stands out), delivery per terminal (live), preview, edit, the recycle bin.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { can } = useAccess();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<View>('messages');
  const table = useServerTable<MessageSummary, MessageListParams, SearchValues>({
    queryKey: messageKeys.list,
    fetch: listMessages,
    sortable: SORTABLE,
  });
  const { sortOrderOf, setFilter } = table;
  const [selected, setSelected] = useState<number[]>([]);
  const [previewing, setPreviewing] = useState<MessageSummary | null>(null);
  const [resubmitting, setResubmitting] = useState<MessageSummary | null>(null);
  const deliveryId = Number(params.get('delivery')) || null;
  const [delivery, setDelivery] = useState<Pick<MessageSummary, 'id' | 'name'> | null>(null);
  const send = useSendActions(() => void table.refresh());
  const bin = view === 'bin';
  const { t: tw } = useTranslation('messageWebhook');
  const [webhookOpen, setWebhookOpen] = useState(false);

  useEffect(() => {
    setFilter({ deleted: bin ? true : undefined });
    setSelected([]);
    // setFilter is a new function each render: the effect follows the view only.
  }, [bin]);

  // `?delivery=N` (after "save and send") opens that message's delivery.
  const linked = useQuery({
    queryKey: messageKeys.detail(deliveryId ?? 0),
    queryFn: ({ signal }) => getMessage(deliveryId!, signal),
    enabled: deliveryId !== null && !delivery,
  });
  const drawerFor =
    delivery ?? (deliveryId ? { id: deliveryId, name: linked.data?.name ?? `#${deliveryId}` } : null);

  const closeDelivery = () => {
    setDelivery(null);
    if (params.has('delivery')) setParams({}, { replace: true });
  };

  const act = async (run: () => Promise<void>, done: string) => {
    try {
      await run();
      void message.success(done);
      setSelected([]);
      await table.refresh();
    } catch (failure) {
      void message.error(messageErrorText(failure));
    }
  };
  const onDelete = (ids: number[]) => act(() => deleteMessages(ids), t('deleted', { count: ids.length }));
  const onRestore = (ids: number[]) => act(() => restoreMessages(ids), t('restored', { count: ids.length }));
  const onPurge = (ids: number[]) => act(() => purgeMessages(ids), t('purged', { count: ids.length }));

  return (
    <Card title={t('title')}>
      {bin ? null : <RunningTakeovers onStop={send.stop} />}
      <Flex justify="space-between" gap={8} wrap style={{ marginBottom: 16 }}>
        <Segmented<View>
          value={view}
          onChange={setView}
          options={[
            { value: 'messages', label: t('views.messages') },
            { value: 'bin', label: <span data-testid="message-view-bin">{t('views.bin')}</span> },
          ]}
          data-testid="message-view"
        />
        <Space wrap>
          {bin ? (
            <>
              <GuardedConfirm
                permission="message:list:delete"
                title={t('confirmRestoreSelected', { count: selected.length })}
                onConfirm={() => onRestore(selected)}
                disabled={!selected.length}
              >
                <Button disabled={!selected.length} data-testid="message-restore-selected">
                  {t('actions.restore')}
                </Button>
              </GuardedConfirm>
              <GuardedConfirm
                permission="message:list:delete"
                title={t('confirmPurgeSelected', { count: selected.length })}
                onConfirm={() => onPurge(selected)}
                disabled={!selected.length}
              >
                <Button danger disabled={!selected.length} data-testid="message-purge-selected">
                  {t('actions.purge')}
                </Button>
              </GuardedConfirm>
            </>
          ) : (
            <>
              <GuardedConfirm
                permission="message:list:delete"
                title={t('confirmDeleteSelected', { count: selected.length })}
                onConfirm={() => onDelete(selected)}
                disabled={!selected.length}
              >
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!selected.length}
                  data-testid="message-delete-selected"
                >
                  {t('actions.delete')}
                </Button>
              </GuardedConfirm>
              <Authorized permission="message:list:publish">
                <Button
                  icon={<ApiOutlined />}
                  onClick={() => setWebhookOpen(true)}
                  data-testid="message-webhook-open"
                >
                  {tw('open')}
                </Button>
              </Authorized>
              <Authorized permission="message:form:add">
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => void navigate(messageFormPath())}
                  data-testid="message-create"
                >
                  {t('create')}
                </Button>
              </Authorized>
            </>
          )}
        </Space>
      </Flex>
      <Form
        form={table.form}
        name="messageSearch"
        layout="inline"
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="keyword" label={tc('common.keyword')}>
          <Input
            allowClear
            maxLength={200}
            placeholder={t('keywordHint')}
            data-testid="message-search-keyword"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('columns.kind')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={tc('common.all')}
            options={MESSAGE_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            data-testid="message-search-kind"
          />
        </Form.Item>
        <Form.Item name="status" label={t('columns.status')}>
          <Select
            allowClear
            style={{ width: 130 }}
            placeholder={tc('common.all')}
            options={MESSAGE_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            data-testid="message-search-status"
          />
        </Form.Item>
        <Form.Item name="reviewState" label={t('columns.reviewState')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={tc('common.all')}
            options={REVIEW_STATE_VALUES.map((value) => ({ value, label: t(`reviewStates.${value}`) }))}
            data-testid="message-search-review"
          />
        </Form.Item>
        <SearchActions onReset={table.reset} testId="message-search" />
      </Form>
      <Table<MessageSummary>
        rowKey="id"
        {...table.tableProps}
        locale={{ emptyText: bin ? t('emptyBin') : t('empty') }}
        scroll={{ x: 'max-content' }}
        data-testid="message-table"
        rowSelection={
          can('message:list:delete')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        columns={messageColumns({
          t,
          tc,
          bin,
          canEdit: can('message:form:edit'),
          sortOrderOf,
          onDelivery: setDelivery,
          actions: (r) =>
            bin ? (
              <BinRowActions row={r} onRestore={() => onRestore([r.id])} onPurge={() => onPurge([r.id])} />
            ) : (
              <RowActions
                row={r}
                send={send}
                onPreview={() => setPreviewing(r)}
                onEdit={() => void navigate(messageFormPath(r.id))}
                onDelivery={() => setDelivery(r)}
                onResubmit={() => setResubmitting(r)}
                onDelete={() => onDelete([r.id])}
              />
            ),
        })}
      />
      {previewing ? (
        <MessagePreviewModal id={previewing.id} title={previewing.name} onClose={() => setPreviewing(null)} />
      ) : null}
      {drawerFor ? <MessageDeliveryDrawer message={drawerFor} onClose={closeDelivery} /> : null}
      {resubmitting ? (
        <ResubmitModal
          message={resubmitting}
          onClose={() => setResubmitting(null)}
          onDone={() => void table.refresh()}
        />
      ) : null}
      <WebhookModal open={webhookOpen} onClose={() => setWebhookOpen(false)} />
    </Card>
  );
}
