import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STRATEGY_RULES_MAX, STRATEGY_SCREENSHOT_MAX_MINUTES, STRATEGY_TIME_PATTERN } from '@apm/contract';
import { Button, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const TIME_RE = new RegExp(STRATEGY_TIME_PATTERN);

/** An `HH:MM` input of a list row. */
function TimeInput({ name, label, testId }: { name: (string | number)[]; label: string; testId: string }) {
  const { t } = useTranslation('strategies');
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, pattern: TIME_RE, message: t('timeRule') }]}
      style={{ marginBottom: 8 }}
    >
      <Input placeholder={t('timeHint')} maxLength={5} style={{ width: 90 }} data-testid={testId} />
    </Form.Item>
  );
}

/** A titled list of rows with an add button (at most {@link STRATEGY_RULES_MAX}). */
function RuleList(props: {
  name: string;
  title: string;
  hint: string;
  addLabel: string;
  newRow: object;
  row: (index: number) => ReactNode;
}) {
  const { t } = useTranslation('strategies');
  return (
    <Form.List name={props.name}>
      {(fields, { add, remove }) => (
        <div data-testid={`strategy-${props.name}`} style={{ marginBottom: 16 }}>
          <Typography.Title level={5} style={{ marginBottom: 0 }}>
            {props.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {props.hint}
          </Typography.Paragraph>
          {fields.map((field) => (
            <Flex key={field.key} gap={8} align="flex-start" wrap>
              {props.row(field.name)}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('remove')}
                title={t('remove')}
                onClick={() => remove(field.name)}
                data-testid={`strategy-${props.name}-remove-${field.name}`}
              />
            </Flex>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={fields.length >= STRATEGY_RULES_MAX}
            onClick={() => add(props.newRow)}
            data-testid={`strategy-${props.name}-add`}
          >
            {props.addLabel}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/** The policy editors of a strategy: power rows per weekday, time-of-day rows, interval and restart. */
export function PolicyFields() {
  const { t } = useTranslation('strategies');
  const weekdays = t('weekdays', { returnObjects: true }) as string[];
  const levelRow = (list: 'volume' | 'brightness') => (index: number) => (
    <>
      <TimeInput name={[index, 'from']} label={t('from')} testId={`strategy-${list}-${index}-from`} />
      <TimeInput name={[index, 'to']} label={t('to')} testId={`strategy-${list}-${index}-to`} />
      <Form.Item
        name={[index, list]}
        label={t('level')}
        rules={[{ required: true, type: 'integer', min: 0, max: 100, message: t('level') + ' 0–100' }]}
        style={{ marginBottom: 8 }}
      >
        <InputNumber
          min={0}
          max={100}
          precision={0}
          style={{ width: 90 }}
          data-testid={`strategy-${list}-${index}-level`}
        />
      </Form.Item>
    </>
  );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('overnight')}</Typography.Paragraph>
      <RuleList
        name="power"
        title={t('power')}
        hint={t('powerHint')}
        addLabel={t('addPower')}
        newRow={{ weekdays: [1, 2, 3, 4, 5], on: '08:00', off: '20:00' }}
        row={(index) => (
          <>
            <Form.Item
              name={[index, 'weekdays']}
              rules={[{ required: true, type: 'array', min: 1, message: t('weekdaysRule') }]}
              style={{ marginBottom: 8 }}
            >
              <Checkbox.Group
                options={weekdays.map((label, value) => ({ label, value }))}
                data-testid={`strategy-power-${index}-weekdays`}
              />
            </Form.Item>
            <TimeInput name={[index, 'on']} label={t('powerOn')} testId={`strategy-power-${index}-on`} />
            <TimeInput name={[index, 'off']} label={t('powerOff')} testId={`strategy-power-${index}-off`} />
          </>
        )}
      />
      <RuleList
        name="volume"
        title={t('volume')}
        hint={t('volumeHint')}
        addLabel={t('addVolume')}
        newRow={{ from: '08:00', to: '20:00', volume: 50 }}
        row={levelRow('volume')}
      />
      <RuleList
        name="brightness"
        title={t('brightness')}
        hint={t('brightnessHint')}
        addLabel={t('addBrightness')}
        newRow={{ from: '20:00', to: '08:00', brightness: 60 }}
        row={levelRow('brightness')}
      />
      <RuleList
        name="downloadWindows"
        title={t('downloadWindows')}
        hint={t('downloadWindowsHint')}
        addLabel={t('addWindow')}
        newRow={{ from: '01:00', to: '05:00' }}
        row={(index) => (
          <>
            <TimeInput
              name={[index, 'from']}
              label={t('from')}
              testId={`strategy-downloadWindows-${index}-from`}
            />
            <TimeInput name={[index, 'to']} label={t('to')} testId={`strategy-downloadWindows-${index}-to`} />
          </>
        )}
      />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="screenshotIntervalMinutes"
            label={t('screenshotInterval')}
            tooltip={t('screenshotIntervalHint')}
            rules={[{ type: 'integer', min: 0, max: STRATEGY_SCREENSHOT_MAX_MINUTES }]}
          >
            <InputNumber
              min={0}
              max={STRATEGY_SCREENSHOT_MAX_MINUTES}
              precision={0}
              style={{ width: '100%' }}
              data-testid="strategy-screenshot-interval"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="rebootTime"
            label={t('rebootTime')}
            tooltip={t('rebootTimeHint')}
            rules={[{ pattern: TIME_RE, message: t('timeRule') }]}
          >
            <Input placeholder={t('timeHint')} maxLength={5} allowClear data-testid="strategy-reboot-time" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
