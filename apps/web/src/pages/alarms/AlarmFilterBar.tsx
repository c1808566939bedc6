import { ALARM_HANDLING, ALARM_SEVERITIES, ALARM_TYPES } from '@apm/contract';
import { DatePicker, Form, Input, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { SearchActions } from '../../components/admin/SearchActions';
import type { AlarmFilterValues } from './alarm-logic';

const STATES = ['active', 'ended'] as const;

/** Props of {@link AlarmFilterBar}. */
export interface AlarmFilterBarProps {
  form: FormInstance<AlarmFilterValues>;
  onSearch(values: AlarmFilterValues): void;
  onReset(): void;
}

/** The alarm list's filters: terminal, kind, severity, handling, ongoing or ended, institution, time; Enter searches. */
export function AlarmFilterBar({ form, onSearch, onReset }: AlarmFilterBarProps) {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const select = (
    name: keyof AlarmFilterValues,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={tc('common.all')}
        options={options}
        data-testid={`alarm-filter-${name}`}
      />
    </Form.Item>
  );
  return (
    <Form
      form={form}
      name="alarmSearch"
      layout="inline"
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="keyword" label={t('terminal')}>
        <Input
          allowClear
          maxLength={100}
          placeholder={t('keywordPlaceholder')}
          data-testid="alarm-filter-keyword"
        />
      </Form.Item>
      {select(
        'type',
        t('type'),
        ALARM_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
      )}
      {select(
        'severity',
        t('severity'),
        ALARM_SEVERITIES.map((v) => ({ value: v, label: t(`severities.${v}`) })),
      )}
      {select(
        'handling',
        t('handling'),
        ALARM_HANDLING.map((v) => ({ value: v, label: t(`handlings.${v}`) })),
      )}
      {select(
        'state',
        t('state'),
        STATES.map((v) => ({ value: v, label: t(`states.${v}`) })),
      )}
      <Form.Item name="officeId" label={t('office')}>
        <OfficeTreeSelect style={{ width: 180 }} placeholder={tc('common.all')} aria-label={t('office')} />
      </Form.Item>
      <Form.Item name="range" label={t('time')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="alarm-filter-range" />
      </Form.Item>
      <SearchActions onReset={onReset} testId="alarm-search" />
    </Form>
  );
}
