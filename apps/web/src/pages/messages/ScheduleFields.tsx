import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PLAN_PRIORITY_MAX, PLAN_PRIORITY_MIN, WEEKDAY_CODES, type MessageKind } from '@apm/contract';
import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  InputNumber,
  Row,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** ISO instant ⇄ the picker's dayjs. */
const instantProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.second(0).millisecond(0).toISOString() : null),
};

/** `HH:mm` ⇄ the picker's dayjs (24:00 shows as midnight). */
const timeProps = {
  getValueProps: (value: string | undefined) => ({
    value: value ? dayjs(`2000-01-01T${value === '24:00' ? '00:00' : value}`) : null,
  }),
  normalize: (value: Dayjs | null) => (value ? value.format('HH:mm') : undefined),
};

/** An optional whole number of the document: empty is null. */
function OptionalNumber(props: { name: string; label: string; max: number; hint: string; testId: string }) {
  const { t } = useTranslation('messages');
  return (
    <Form.Item
      name={['document', props.name]}
      label={props.label}
      extra={props.hint}
      normalize={(v: number | null | undefined) => (typeof v === 'number' ? v : null)}
      rules={[
        {
          type: 'integer',
          min: 1,
          max: props.max,
          message: t('problems.range', { field: props.label, min: 1, max: props.max }),
        },
      ]}
    >
      <InputNumber
        min={1}
        max={props.max}
        precision={0}
        style={{ width: '100%' }}
        data-testid={props.testId}
      />
    </Form.Item>
  );
}

/** When the message shows: priority, validity, days, time windows, how long each showing lasts. */
export function ScheduleFields({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation('messages');
  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={6}>
          <Form.Item
            name={['document', 'priority']}
            label={t('form.priority')}
            rules={[
              { required: true, message: t('problems.required', { field: t('form.priority') }) },
              {
                type: 'integer',
                min: PLAN_PRIORITY_MIN,
                max: PLAN_PRIORITY_MAX,
                message: t('problems.range', {
                  field: t('form.priority'),
                  min: PLAN_PRIORITY_MIN,
                  max: PLAN_PRIORITY_MAX,
                }),
              },
            ]}
          >
            <InputNumber
              min={PLAN_PRIORITY_MIN}
              max={PLAN_PRIORITY_MAX}
              precision={0}
              style={{ width: '100%' }}
              data-testid="message-priority"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9}>
          <Form.Item
            name={['document', 'validFrom']}
            label={t('form.validFrom')}
            extra={t('form.validFromHint')}
            {...instantProps}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              data-testid="message-valid-from"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9}>
          <Form.Item
            name={['document', 'validUntil']}
            label={t('form.validUntil')}
            extra={t('form.validUntilHint')}
            {...instantProps}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              style={{ width: '100%' }}
              data-testid="message-valid-until"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={['document', 'weekdays']} label={t('form.weekdays')} extra={t('form.weekdaysHint')}>
        <Checkbox.Group
          options={WEEKDAY_CODES.map((code) => ({ value: code, label: t(`weekdays.${code}`) }))}
          data-testid="message-weekdays"
        />
      </Form.Item>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, border: 0, marginBottom: 8 }}>{t('form.windows')}</legend>
        <Form.List name={['document', 'windows']}>
          {(fields, { add, remove }) => (
            <>
              {fields.length === 0 ? (
                <Typography.Paragraph type="secondary">{t('form.allDay')}</Typography.Paragraph>
              ) : null}
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="baseline" wrap data-testid="message-window">
                  <Form.Item
                    name={[field.name, 'start']}
                    rules={[
                      {
                        required: true,
                        message: t('problems.required', {
                          field: t('form.windowStart', { number: index + 1 }),
                        }),
                      },
                    ]}
                    {...timeProps}
                  >
                    <TimePicker
                      format="HH:mm"
                      minuteStep={5}
                      needConfirm={false}
                      aria-label={t('form.windowStart', { number: index + 1 })}
                    />
                  </Form.Item>
                  <span aria-hidden>–</span>
                  <Form.Item
                    name={[field.name, 'end']}
                    rules={[
                      {
                        required: true,
                        message: t('problems.required', {
                          field: t('form.windowEnd', { number: index + 1 }),
                        }),
                      },
                    ]}
                    {...timeProps}
                  >
                    <TimePicker
                      format="HH:mm"
                      minuteStep={5}
                      needConfirm={false}
                      aria-label={t('form.windowEnd', { number: index + 1 })}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removeWindow', { number: index + 1 })}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= 24}
                onClick={() => add({ start: '08:00', end: '18:00' })}
                data-testid="message-add-window"
              >
                {t('form.addWindow')}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <Row gutter={12}>
        {kind === 'ticker' ? (
          <Col xs={24} sm={12}>
            <OptionalNumber
              name="repeat"
              label={t('form.repeat')}
              max={1000}
              hint={t('form.repeatHint')}
              testId="message-repeat"
            />
          </Col>
        ) : null}
        <Col xs={24} sm={12}>
          <OptionalNumber
            name="durationSec"
            label={t('form.duration')}
            max={86_400}
            hint={t('form.durationHint')}
            testId="message-duration"
          />
        </Col>
      </Row>
    </>
  );
}
