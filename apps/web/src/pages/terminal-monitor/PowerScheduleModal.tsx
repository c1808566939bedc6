import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Terminal } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Select, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { getTerminalDetails, sendPowerSchedule, type SentCommand } from '../../services/terminal';
import { CommandDialog } from './CommandDialog';
import {
  isTimeOfDay,
  POWER_SCHEDULE_MAX,
  scheduleEntriesOf,
  scheduleRowsOf,
  WEEKDAYS,
  type PowerScheduleRow,
} from './command-forms';
import { TERMINAL_KEY } from './use-terminal-office-tree';

interface PowerValues {
  entries?: PowerScheduleRow[];
}

/** Props of {@link PowerScheduleModal}. */
export interface PowerScheduleModalProps {
  terminals: readonly Terminal[];
  onClose(): void;
  onSent(sent: SentCommand): void;
}

/**
 * "Power schedule": when the screens are on, as rows of weekdays with an on and an off time
 * (`terminalSet`). One terminal's stored schedule is loaded into the form; no rows turns it off.
 */
export function PowerScheduleModal({ terminals, onClose, onSent }: PowerScheduleModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<PowerValues>();
  const single = terminals.length === 1 ? terminals[0] : undefined;
  const details = useQuery({
    queryKey: [...TERMINAL_KEY, 'details', single?.id],
    queryFn: ({ signal }) => getTerminalDetails(single!.id, signal),
    enabled: single !== undefined,
  });
  useEffect(() => {
    const stored = details.data ? scheduleRowsOf(details.data.settings) : null;
    // Only into a form the user has not started on.
    if (stored && !form.isFieldsTouched()) form.setFieldsValue({ entries: stored });
  }, [details.data, form]);

  const weekdayOptions = WEEKDAYS.map((d) => ({ value: d, label: t(`power.days.${d}`) }));
  const timeRules = (field: string) => [
    { required: true, whitespace: true, message: tc('common.required', { field }) },
    {
      validator: (_: unknown, v: string | undefined) =>
        !v?.trim() || isTimeOfDay(v) ? Promise.resolve() : Promise.reject(new Error()),
      message: t('power.timeInvalid', { field }),
    },
  ];

  return (
    <CommandDialog<PowerValues>
      id="power"
      width={720}
      title={t('power.title', { count: terminals.length })}
      form={form}
      initialValues={{ entries: [{}] }}
      send={(values) =>
        sendPowerSchedule(
          terminals.map((x) => x.id),
          scheduleEntriesOf(values.entries),
        )
      }
      confirm={(values) =>
        values.entries?.length ? null : t('power.confirmOff', { count: terminals.length })
      }
      onClose={onClose}
      onSent={onSent}
    >
      <Alert type="info" showIcon title={t('power.hint')} style={{ marginBottom: 16 }} />
      <Spin spinning={details.isLoading}>
        <Form.List name="entries">
          {(rows, { add, remove }) => (
            <>
              {rows.map(({ key, name }) => (
                <Flex key={key} gap={8} align="start" data-testid="terminal-power-row">
                  <Form.Item
                    name={[name, 'weekdays']}
                    label={t('power.weekdays')}
                    style={{ flex: 1 }}
                    rules={[
                      {
                        required: true,
                        message: tc('common.requiredSelect', { field: t('power.weekdays') }),
                      },
                    ]}
                  >
                    <Select<number[]> mode="multiple" options={weekdayOptions} allowClear />
                  </Form.Item>
                  <Form.Item name={[name, 'on']} label={t('power.on')} rules={timeRules(t('power.on'))}>
                    <Input placeholder="HH:mm" maxLength={5} style={{ width: 96 }} autoComplete="off" />
                  </Form.Item>
                  <Form.Item name={[name, 'off']} label={t('power.off')} rules={timeRules(t('power.off'))}>
                    <Input placeholder="HH:mm" maxLength={5} style={{ width: 96 }} autoComplete="off" />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('power.remove')}
                      title={t('power.remove')}
                      onClick={() => remove(name)}
                      data-testid="terminal-power-remove"
                    />
                  </Form.Item>
                </Flex>
              ))}
              {!rows.length ? <Alert type="warning" showIcon title={t('power.empty')} /> : null}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                disabled={rows.length >= POWER_SCHEDULE_MAX}
                onClick={() => add({})}
                style={{ marginTop: 8 }}
                data-testid="terminal-power-add"
              >
                {t('power.add')}
              </Button>
            </>
          )}
        </Form.List>
      </Spin>
    </CommandDialog>
  );
}
