import { LOG_STATUSES, LOG_TYPES } from '@apm/contract';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogFilterValues } from './log-filters';

/** Props of {@link LogFilterBar}. */
export interface LogFilterBarProps {
  onSearch(values: LogFilterValues): void;
}

/** The filters of the system log: user, type, time range, path and result; Enter searches. */
export function LogFilterBar({ onSearch }: LogFilterBarProps) {
  const { t } = useTranslation('logs');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<LogFilterValues>();
  return (
    <Form form={form} layout="inline" onFinish={onSearch} style={{ marginBottom: 16, rowGap: 8 }}>
      <Form.Item name="user" label={t('user')}>
        <Input allowClear maxLength={100} placeholder={t('userPlaceholder')} data-testid="log-filter-user" />
      </Form.Item>
      <Form.Item name="type" label={t('type')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={tc('common.all')}
          options={LOG_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          data-testid="log-filter-type"
        />
      </Form.Item>
      <Form.Item name="range" label={t('time')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="log-filter-range" />
      </Form.Item>
      <Form.Item name="path" label={t('path')}>
        <Input allowClear maxLength={500} data-testid="log-filter-path" />
      </Form.Item>
      <Form.Item name="status" label={t('result')}>
        <Select
          allowClear
          style={{ width: 120 }}
          placeholder={tc('common.all')}
          options={LOG_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          data-testid="log-filter-status"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="log-search">
          {tc('common.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {tc('common.reset')}
        </Button>
      </Space>
    </Form>
  );
}
