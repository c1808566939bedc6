import { CloudUploadOutlined, FormOutlined, NotificationOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ShellRoutes } from '../../layouts/shell/use-shell-routes';

/** Props of {@link QuickActions}. */
export interface QuickActionsProps {
  /** The user's routes: an action shows only when the user may visit its page. */
  shell: Pick<ShellRoutes, 'byKey' | 'canVisit'>;
}

const ACTIONS: readonly { key: string; label: 'upload' | 'program' | 'plan' | 'message'; icon: ReactNode }[] =
  [
    { key: 'material', label: 'upload', icon: <CloudUploadOutlined /> },
    { key: 'programMake', label: 'program', icon: <FormOutlined /> },
    { key: 'planMake', label: 'plan', icon: <ScheduleOutlined /> },
    { key: 'messageForm', label: 'message', icon: <NotificationOutlined /> },
  ];

/** The everyday starting points (upload, make a program or plan, send a message) the user may open. */
export function QuickActions({ shell }: QuickActionsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const shown = ACTIONS.flatMap((a) => {
    const route = shell.byKey.get(a.key);
    return route?.path && shell.canVisit(route) ? [{ ...a, path: route.path }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <Card size="small" title={t('home.quick.title')} data-testid="home-quick-actions">
      <Flex wrap gap={8}>
        {shown.map((a) => (
          <Button key={a.key} icon={a.icon} onClick={() => void navigate(a.path)}>
            {t(`home.quick.${a.label}`)}
          </Button>
        ))}
      </Flex>
    </Card>
  );
}
