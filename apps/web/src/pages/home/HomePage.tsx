import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { userInfoQuery } from '../../services/queries';

/** `/home`: the signed-in landing page — who is signed in and in which organisation. */
export default function HomePage() {
  const { t } = useTranslation();
  // BasicLayout renders this page only once the user is loaded.
  const { data: user } = useQuery(userInfoQuery());
  if (!user) return null;

  return (
    <Flex justify="center">
      <Card style={{ width: '100%', maxWidth: 720 }}>
        <Flex align="center" gap={16} wrap>
          <Avatar size={64} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('home.welcome')}</Typography.Text>
            <Typography.Title level={3} style={{ margin: 0 }} ellipsis>
              <span data-testid="signed-in-user">{user.name || user.loginName}</span>
            </Typography.Title>
          </Flex>
        </Flex>
        <Descriptions
          style={{ marginTop: 24 }}
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'loginName', label: t('home.loginName'), children: user.loginName },
            { key: 'office', label: t('home.office'), children: user.office?.name ?? t('home.noOffice') },
          ]}
        />
      </Card>
    </Flex>
  );
}
