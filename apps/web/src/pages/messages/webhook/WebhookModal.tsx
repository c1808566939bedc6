import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteMessageWebhook,
  getMessageWebhook,
  renewMessageWebhookSecret,
} from '../../../services/message-webhook';
import { RequestError } from '../../../services/request';

const KEY = ['message', 'webhook'] as const;

/** Props of {@link WebhookModal}. */
export interface WebhookModalProps {
  open: boolean;
  onClose(): void;
}

/**
 * The tenant's inbound webhook: its address, how to sign a call, a new secret (shown once, the old one
 * stops working) and removal. Another system (a fire-alarm panel, a CAP bridge) sends or stops prepared
 * messages through it.
 */
export function WebhookModal({ open, onClose }: WebhookModalProps) {
  const { t } = useTranslation('messageWebhook');
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const info = useQuery({ queryKey: KEY, queryFn: ({ signal }) => getMessageWebhook(signal), enabled: open });
  const failed = (error: unknown) =>
    void message.error(error instanceof RequestError && error.message ? error.message : t('failed'));
  const renew = useMutation({
    mutationFn: renewMessageWebhookSecret,
    onSuccess: (answer) => {
      setSecret(answer.secret);
      queryClient.setQueryData(KEY, { ...answer, secret: undefined });
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: deleteMessageWebhook,
    onSuccess: async () => {
      setSecret(null);
      await queryClient.invalidateQueries({ queryKey: KEY });
      void message.success(t('removed'));
    },
    onError: failed,
  });
  const configured = info.data?.configured ?? false;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const when = (at: string | null | undefined) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : t('never'));

  const askRenew = () => {
    if (!configured) return renew.mutate();
    modal.confirm({
      title: t('renewConfirm'),
      content: t('renewConfirmText'),
      okText: t('renew'),
      onOk: () => renew.mutateAsync(),
    });
  };
  const askRemove = () =>
    modal.confirm({
      title: t('removeConfirm'),
      content: t('removeConfirmText'),
      okText: t('remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(),
    });

  return (
    <Modal
      open={open}
      title={t('title')}
      onCancel={() => {
        setSecret(null);
        onClose();
      }}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <div data-testid="message-webhook">
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {info.isPending ? (
          <Spin />
        ) : info.isError ? (
          <Alert type="error" showIcon message={t('loadFailed')} />
        ) : (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('url')}>
                <Typography.Text copyable code data-testid="message-webhook-url">
                  {`${origin}${info.data.url}`}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('state')}>
                <span data-testid="message-webhook-state">
                  {configured ? t('configured') : t('notConfigured')}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('createdAt')}>{when(info.data.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('lastUsedAt')}>{when(info.data.lastUsedAt)}</Descriptions.Item>
            </Descriptions>
            {secret ? (
              <Alert
                style={{ marginTop: 12 }}
                type="warning"
                showIcon
                message={t('secretOnce')}
                description={
                  <Typography.Text copyable code data-testid="message-webhook-secret">
                    {secret}
                  </Typography.Text>
                }
              />
            ) : null}
            <Typography.Paragraph style={{ marginTop: 12 }}>
              {t('howTo')}
              <br />
              <Typography.Text code>{'{"messageId": 12, "action": "send" | "stop"}'}</Typography.Text>
              <br />
              <Typography.Text code>x-apm-timestamp: &lt;Unix seconds&gt;</Typography.Text>
              <br />
              <Typography.Text code>
                x-apm-signature: sha256=&lt;hex HMAC-SHA-256(secret, timestamp + &quot;.&quot; + body)&gt;
              </Typography.Text>
            </Typography.Paragraph>
            <Flex gap={8} justify="flex-end">
              {configured ? (
                <Button
                  danger
                  onClick={askRemove}
                  loading={remove.isPending}
                  data-testid="message-webhook-remove"
                >
                  {t('remove')}
                </Button>
              ) : null}
              <Button
                type="primary"
                onClick={askRenew}
                loading={renew.isPending}
                data-testid="message-webhook-renew"
              >
                {configured ? t('renew') : t('create')}
              </Button>
            </Flex>
          </>
        )}
      </div>
    </Modal>
  );
}
