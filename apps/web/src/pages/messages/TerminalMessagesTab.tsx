import { PlayCircleOutlined } from '@ant-design/icons';
import type { MessageSummary, TerminalCurrentMessage } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Modal, Select, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { useAccess } from '../../access/use-access';
import {
  getTerminalMessages,
  listMessages,
  playMessageNow,
  stopTerminalMessage,
} from '../../services/message';
import { useDebounced } from '../../utils/use-debounced';
import { messageErrorText } from './message-errors';
import { DELIVERY_COLOR, KindTag } from './MessageBits';

/** How often the tab reads the terminal's messages again. */
const REFRESH_MS = 5000;
/** Stopping a message on one terminal: the command senders, or the message senders. */
const STOPPERS = ['terminal:monitor:command', 'terminal:debug:command', 'message:list:publish'];
/** Sending a command from the terminal monitor. */
const COMMANDER = 'terminal:monitor:command';
/** Listing messages to choose one (`publishMessage/list`). */
const MESSAGE_READERS = ['message:form:view', 'message:list:view', 'review:message:view'];

const when = (iso: string | null, fallback: string) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : fallback;

/**
 * A terminal's messages in its details (`terminalSet/getCurTerminalMessage`): what it holds and in which
 * state, one stopped there only (`deleteTerminalMessage`), a message played there now (`playMessage`).
 */
export function TerminalMessagesTab({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [playing, setPlaying] = useState(false);
  const key = ['message', 'terminal', terminalId];
  const held = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getTerminalMessages(terminalId, signal),
    refetchInterval: REFRESH_MS,
  });
  const canStop = STOPPERS.some((p) => can(p));
  // Playing needs the command permission, and a message-reading one to list what to play.
  const playNeeds = !can(COMMANDER)
    ? COMMANDER
    : MESSAGE_READERS.some((p) => can(p))
      ? '*'
      : 'message:list:view';

  const stop = async (m: TerminalCurrentMessage) => {
    try {
      await stopTerminalMessage(m.messageId, [terminalId]);
      void message.success(t('terminal.stoppedHere', { name: m.name }));
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      void message.error(messageErrorText(failure));
    }
  };

  return (
    <Flex vertical gap={12} data-testid="terminal-messages">
      <Flex justify="flex-end">
        <Authorized permission={playNeeds}>
          <Button
            icon={<PlayCircleOutlined />}
            onClick={() => setPlaying(true)}
            data-testid="terminal-play-message"
          >
            {t('terminal.playNow')}
          </Button>
        </Authorized>
      </Flex>
      <Table<TerminalCurrentMessage>
        rowKey="messageId"
        size="small"
        loading={held.isPending}
        dataSource={held.data ?? []}
        locale={{ emptyText: t('terminal.none') }}
        pagination={false}
        columns={[
          { key: 'name', title: t('columns.name'), dataIndex: 'name', ellipsis: true },
          { key: 'kind', title: t('columns.kind'), render: (_, m) => <KindTag kind={m.kind} /> },
          {
            key: 'state',
            title: t('delivery.state'),
            render: (_, m) => (
              <Tag color={DELIVERY_COLOR[m.state]} data-testid="terminal-message-state">
                {t(`deliveryStates.${m.state}`)}
              </Tag>
            ),
          },
          {
            key: 'until',
            title: t('form.validUntil'),
            render: (_, m) => when(m.validUntil, t('untilStopped')),
          },
          { key: 'sentAt', title: t('columns.sentAt'), render: (_, m) => when(m.sentAt, '—') },
          {
            key: 'actions',
            title: t('columns.actions'),
            render: (_, m) =>
              canStop ? (
                <GuardedConfirm
                  permission="*"
                  title={t('terminal.confirmStopHere', { name: m.name })}
                  onConfirm={() => stop(m)}
                >
                  <Button type="link" size="small" danger data-testid="terminal-message-stop">
                    {t('terminal.stopHere')}
                  </Button>
                </GuardedConfirm>
              ) : (
                <Authorized permission="message:list:publish">
                  <Button type="link" size="small" danger>
                    {t('terminal.stopHere')}
                  </Button>
                </Authorized>
              ),
          },
        ]}
      />
      {playing ? (
        <PlayMessageModal
          terminalIds={[terminalId]}
          onClose={() => setPlaying(false)}
          onSent={() => {
            void message.success(t('terminal.played'));
            setPlaying(false);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </Flex>
  );
}

/** Props of {@link PlayMessageModal}. */
export interface PlayMessageModalProps {
  terminalIds: readonly number[];
  onClose(): void;
  /** The command was accepted (the caller tells so and closes the dialog). */
  onSent(sent: { batchId: string | null; count: number }): void;
}

/** "Play message now": chooses a message of the caller's range and shows it on the terminals now. */
export function PlayMessageModal(props: PlayMessageModalProps) {
  const { t } = useTranslation('messages');
  const [form] = Form.useForm<{ messageId: number }>();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const [sending, setSending] = useState(false);
  const list = useQuery({
    queryKey: ['message', 'list', 'playable', keyword],
    queryFn: ({ signal }) =>
      listMessages(
        { pageNo: 1, pageSize: 50, keyword: keyword || undefined, sortField: 'updatedAt', sortOrder: 'desc' },
        signal,
      ),
    staleTime: 30_000,
  });
  const playable = (list.data?.list ?? []).filter((m: MessageSummary) => m.status !== 'expired');
  const submit = async ({ messageId }: { messageId: number }) => {
    setSending(true);
    try {
      props.onSent(await playMessageNow(messageId, props.terminalIds));
    } catch (failure) {
      form.setFields([{ name: 'messageId', errors: [messageErrorText(failure)] }]);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title={t('terminal.playTitle', { count: props.terminalIds.length })}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      okText={t('terminal.play')}
      okButtonProps={{ loading: sending, id: 'terminal-play-message-ok' }}
      destroyOnHidden
    >
      <Form form={form} name="terminalPlayMessage" layout="vertical" onFinish={submit}>
        <Form.Item
          name="messageId"
          label={t('columns.name')}
          rules={[{ required: true, message: t('problems.required', { field: t('columns.name') }) }]}
        >
          <Select<number>
            showSearch={{ filterOption: false, onSearch: setSearch }}
            loading={list.isFetching}
            notFoundContent={list.isFetching ? null : t('empty')}
            options={playable.map((m) => ({ value: m.id, label: `${m.name} (${t(`kinds.${m.kind}`)})` }))}
            data-testid="terminal-play-message-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
