import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import type { CodeWay } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccountProfile } from '../../services/account';
import { forgetPwdWayQuery, queryKeys } from '../../services/queries';
import { BindModal } from './BindModal';

/** The bound e-mail and phone, whether they were confirmed, and buttons to bind new ones. */
export function BindCard() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: ['accountProfile'], queryFn: getAccountProfile });
  const ways = useQuery(forgetPwdWayQuery());
  const [binding, setBinding] = useState<CodeWay | null>(null);

  const row = (way: CodeWay) => {
    const isSms = way === 'sms';
    const value = isSms ? profile.data?.phone : profile.data?.email;
    const verified = isSms ? profile.data?.phoneVerifiedAt : profile.data?.emailVerifiedAt;
    const open = ways.data?.[way] ?? false;
    return {
      key: way,
      label: (
        <span>
          {isSms ? <MobileOutlined /> : <MailOutlined />} {t(isSms ? 'bind.phone' : 'bind.email')}
        </span>
      ),
      children: (
        <Flex gap={8} align="center" wrap>
          <span data-testid={`bound-${way}`}>{value || t('bind.notBound')}</span>
          {value ? (
            <Tag color={verified ? 'success' : 'default'}>
              {t(verified ? 'bind.verified' : 'bind.notVerified')}
            </Tag>
          ) : null}
          {open ? (
            <Button size="small" onClick={() => setBinding(way)} data-testid={`bind-${way}`}>
              {value
                ? t(isSms ? 'bind.changePhone' : 'bind.changeEmail')
                : t(isSms ? 'bind.bindPhone' : 'bind.bindEmail')}
            </Button>
          ) : null}
        </Flex>
      ),
    };
  };

  return (
    <Card title={t('bind.title')} loading={profile.isPending} data-testid="bind-card">
      <Descriptions column={1} items={[row('email'), row('sms')]} />
      <BindModal
        way={binding}
        onClose={() => setBinding(null)}
        onBound={() => {
          setBinding(null);
          void queryClient.invalidateQueries({ queryKey: ['accountProfile'] });
          void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
        }}
      />
    </Card>
  );
}
