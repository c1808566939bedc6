import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, Empty, Flex, Row, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '../../layouts/shell/MenuIcon';
import { useShellRoutes } from '../../layouts/shell/use-shell-routes';
import { menuLeaves, routeName, type MenuNode } from '../../router/menu-routes';
import { useAccountStore } from '../../stores/account';
import { useLocaleStore } from '../../stores/locale';
import { HomeDashboardSection } from './HomeDashboardSection';
import { QuickActions } from './QuickActions';

/**
 * `/home`: welcome and sign-in time, the live dashboard of the user's data range, quick actions
 * and links to every menu entry they may open.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const language = useLocaleStore((s) => s.language);
  // The shell renders pages only once the user is in the store.
  const user = useAccountStore((s) => s.user);
  const shell = useShellRoutes();
  const { menu } = shell;
  if (!user) return null;

  const groups: MenuNode[] = menu.filter((n) => n.route.key !== 'home');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex align="center" gap={16} wrap>
          <Avatar size={64} src={user.avatar || undefined} icon={<UserOutlined />} alt="" />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('home.welcome')}</Typography.Text>
            {/* CSS ellipsis: antd's measures the text in layout effects, a render more at start-up. */}
            <Typography.Title level={3} style={{ margin: 0 }} className="apm-ellipsis">
              <span data-testid="signed-in-user">{user.name || user.loginName}</span>
            </Typography.Title>
          </Flex>
        </Flex>
        <Descriptions
          style={{ marginTop: 24 }}
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'loginName', label: t('home.loginName'), children: user.loginName },
            { key: 'office', label: t('home.office'), children: user.office?.name ?? t('home.noOffice') },
            {
              key: 'signedInAt',
              label: t('home.signedInAt'),
              // `language` in the key re-renders the date when the language (and dayjs locale) changes.
              children: user.lastLoginAt ? (
                <span data-testid="signed-in-at" key={language}>
                  {dayjs(user.lastLoginAt).format('LLLL')}
                </span>
              ) : (
                '—'
              ),
            },
            {
              key: 'roles',
              label: t('home.roles'),
              children:
                user.roles.length > 0 ? (
                  <Flex wrap gap={4} data-testid="home-roles">
                    {user.roles.map((r) => (
                      <Tag key={r.id}>
                        {t(`home.roleNames.${r.id}` as 'home.roleNames.superAdmin', { defaultValue: r.id })}
                      </Tag>
                    ))}
                  </Flex>
                ) : (
                  t('home.noRoles')
                ),
            },
          ]}
        />
      </Card>
      <HomeDashboardSection />
      <QuickActions shell={shell} />
      <Card title={t('home.menuEntries')} data-testid="home-links">
        {groups.length === 0 ? (
          <Empty description={t('home.noMenuEntries')} />
        ) : (
          <Row gutter={[16, 16]}>
            {groups.map((group) => (
              <Col key={group.route.key} xs={24} sm={12} lg={8} xl={6}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {group.route.icon ? <MenuIcon name={group.route.icon} /> : null}{' '}
                  {routeName(group.route, language)}
                </Typography.Title>
                <Flex vertical gap={4}>
                  {menuLeaves([group]).map((page) => (
                    <Link key={page.key} to={page.path!}>
                      {routeName(page, language)}
                    </Link>
                  ))}
                </Flex>
              </Col>
            ))}
          </Row>
        )}
      </Card>
    </Flex>
  );
}
