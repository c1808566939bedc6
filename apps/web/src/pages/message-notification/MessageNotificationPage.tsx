import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { MyMessagesTab } from './MyMessagesTab';
import { SendingsTab } from './SendingsTab';

/** `sysManage/messageNotification`: the sendings in the user's range (send, details, delete) and their own messages. */
export default function MessageNotificationPage() {
  const { t } = useTranslation('messageNotification');
  return (
    <Card title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'sendings', label: t('sendingsTab'), children: <SendingsTab /> },
          { key: 'mine', label: t('mineTab'), children: <MyMessagesTab /> },
        ]}
      />
    </Card>
  );
}
