import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';

/**
 * `/auth/demo` (spec section 2: needs permission `form:view` or role `manager`): shows the
 * permission helpers on real permissions of the signed-in user — disabled controls with the
 * 'no permission' tooltip, and guarded actions that refuse with the permission's name.
 */
export default function AuthDemoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { guardedAction, permissionName } = useAccess();
  const done = () => void message.success(t('common.success'));
  const samples = [
    { permission: 'form:view', icon: <EyeOutlined /> },
    { permission: 'form:edit', icon: <EditOutlined /> },
    { permission: 'sys:user:delete', icon: <DeleteOutlined /> },
  ];
  return (
    <Flex vertical gap={16}>
      <Card title={t('authDemo.disabledTitle')}>
        <Typography.Paragraph type="secondary">{t('authDemo.disabledDesc')}</Typography.Paragraph>
        <Flex wrap gap={8}>
          {samples.map((s) => (
            <Authorized key={s.permission} permission={s.permission}>
              <Button icon={s.icon} onClick={done}>
                {permissionName(s.permission)}
              </Button>
            </Authorized>
          ))}
        </Flex>
      </Card>
      <Card title={t('authDemo.guardedTitle')}>
        <Typography.Paragraph type="secondary">{t('authDemo.guardedDesc')}</Typography.Paragraph>
        <Flex wrap gap={8}>
          {samples.map((s) => (
            <Button
              key={s.permission}
              icon={s.icon}
              onClick={guardedAction(s.permission, done)}
              data-testid={`guarded-${s.permission}`}
            >
              {permissionName(s.permission)}
            </Button>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
