import { StopOutlined } from '@ant-design/icons';
import type { MessageSummary } from '@apm/contract';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import type { useSendActions } from './use-send-actions';

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  row: MessageSummary;
  send: ReturnType<typeof useSendActions>;
  onPreview(): void;
  onEdit(): void;
  onDelivery(): void;
  onResubmit(): void;
  onDelete(): void;
}

/** A message's actions: preview, edit, send / send again / stop, delivery, resubmit, delete. */
export function RowActions({
  row: r,
  send,
  onPreview,
  onEdit,
  onDelivery,
  onResubmit,
  onDelete,
}: RowActionsProps) {
  const { t } = useTranslation('messages');
  const showing = r.status === 'sent';
  const takeover = showing && r.kind === 'takeover';
  return (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={onPreview} data-testid="message-preview">
        {t('actions.preview')}
      </Button>
      <Authorized permission="message:form:edit">
        <Button type="link" size="small" onClick={onEdit} data-testid="message-edit">
          {t('actions.edit')}
        </Button>
      </Authorized>
      {r.status === 'draft' ? (
        <GuardedConfirm
          permission="message:list:publish"
          title={t('confirmSend', { name: r.name, count: r.terminalCount })}
          onConfirm={() => send.send(r)}
        >
          <Button type="link" size="small" data-testid="message-send">
            {t('actions.send')}
          </Button>
        </GuardedConfirm>
      ) : (
        <GuardedConfirm
          permission="message:list:publish"
          title={t('confirmResend', { name: r.name, count: r.terminalCount })}
          onConfirm={() => send.resend(r)}
        >
          <Button type="link" size="small" data-testid="message-resend">
            {t('actions.resend')}
          </Button>
        </GuardedConfirm>
      )}
      {showing ? (
        <GuardedConfirm
          permission="message:list:publish"
          title={t('confirmStop', { name: r.name })}
          onConfirm={() => send.stop(r)}
        >
          <Button
            type={takeover ? 'primary' : 'link'}
            size="small"
            danger
            icon={takeover ? <StopOutlined /> : undefined}
            data-testid="message-stop"
          >
            {t('actions.stop')}
          </Button>
        </GuardedConfirm>
      ) : null}
      {r.sentAt ? (
        <Button type="link" size="small" onClick={onDelivery} data-testid="message-delivery-open">
          {t('actions.delivery')}
        </Button>
      ) : null}
      {r.reviewState === 'rejected' ? (
        <Authorized permission="message:form:edit">
          <Button type="link" size="small" onClick={onResubmit} data-testid="message-resubmit">
            {t('actions.resubmit')}
          </Button>
        </Authorized>
      ) : null}
      <GuardedConfirm
        permission="message:list:delete"
        title={t('confirmDelete', { name: r.name })}
        onConfirm={onDelete}
      >
        <Button type="link" size="small" danger data-testid="message-delete">
          {t('actions.delete')}
        </Button>
      </GuardedConfirm>
    </Space>
  );
}

/** A message's actions in the recycle bin: restore, delete for good (each asks first). */
export function BinRowActions(props: { row: MessageSummary; onRestore(): void; onPurge(): void }) {
  const { t } = useTranslation('messages');
  const { row: r } = props;
  return (
    <Space size={0} wrap>
      <GuardedConfirm
        permission="message:list:delete"
        title={t('confirmRestore', { name: r.name })}
        onConfirm={props.onRestore}
      >
        <Button type="link" size="small" data-testid="message-restore">
          {t('actions.restore')}
        </Button>
      </GuardedConfirm>
      <GuardedConfirm
        permission="message:list:delete"
        title={t('confirmPurge', { name: r.name })}
        onConfirm={props.onPurge}
      >
        <Button type="link" size="small" danger data-testid="message-purge">
          {t('actions.purge')}
        </Button>
      </GuardedConfirm>
    </Space>
  );
}
