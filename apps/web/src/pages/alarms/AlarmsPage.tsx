import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmList } from './AlarmList';
import { AlarmRulesTab } from './AlarmRulesTab';

/**
 * `abnormalAlarm/abnormalAlarmList`: the alarm centre — alarms of the caller's range to acknowledge,
 * assign, resolve and export, and the notification rules that send them by e-mail or webhook.
 */
export default function AlarmsPage() {
  const { t } = useTranslation('alarms');
  return (
    <Card title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'alarms', label: t('tabs.alarms'), children: <AlarmList /> },
          {
            key: 'rules',
            label: <span data-testid="alarm-tab-rules">{t('tabs.rules')}</span>,
            children: <AlarmRulesTab />,
          },
        ]}
      />
    </Card>
  );
}
