import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetPwdWayQuery } from '../../../services/queries';

/** Props of {@link ForgotPasswordModal}. */
export interface ForgotPasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Forgot password" help: lists the recovery ways the system offers (`forgetPwdWay`) and
 * points to the administrator. The reset flow itself is a separate page.
 */
export function ForgotPasswordModal({ open, onClose }: ForgotPasswordModalProps) {
  const { t } = useTranslation();
  const ways = useQuery({ ...forgetPwdWayQuery(), enabled: open });

  let body: ReactNode;
  if (ways.isPending) {
    body = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  } else if (ways.isError) {
    body = <Alert type="warning" showIcon title={t('login.forgotFailed')} />;
  } else if (!ways.data.email && !ways.data.sms) {
    body = <Alert type="info" showIcon title={t('login.forgotNone')} />;
  } else {
    body = (
      <Flex vertical gap={12}>
        <Typography.Text>{t('login.forgotWays')}</Typography.Text>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {ways.data.email ? (
            <li>
              <MailOutlined /> {t('login.forgotEmail')}
            </li>
          ) : null}
          {ways.data.sms ? (
            <li>
              <MessageOutlined /> {t('login.forgotSms')}
            </li>
          ) : null}
        </ul>
        <Typography.Text type="secondary">{t('login.forgotAdmin')}</Typography.Text>
      </Flex>
    );
  }

  return (
    <Modal
      open={open}
      title={t('login.forgotTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
