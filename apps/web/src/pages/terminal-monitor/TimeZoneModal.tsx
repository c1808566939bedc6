import type { Terminal } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from '../../components/TimeZoneSelect';
import { getTerminalDetails, sendTimeZone, type SentCommand } from '../../services/terminal';
import { CommandDialog } from './CommandDialog';
import { TERMINAL_KEY } from './use-terminal-office-tree';

interface TimeZoneValues {
  timeZone?: string | null;
}

/** Props of {@link TimeZoneModal}. */
export interface TimeZoneModalProps {
  terminals: readonly Terminal[];
  onClose(): void;
  onSent(sent: SentCommand): void;
}

/**
 * "Time zone": the IANA zone the terminals' plans are read in (`terminalSet`), or empty to inherit
 * the zone of their institution. One terminal's own zone is loaded into the form, and the
 * placeholder names the zone it would inherit.
 */
export function TimeZoneModal({ terminals, onClose, onSent }: TimeZoneModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<TimeZoneValues>();
  const queryClient = useQueryClient();
  const single = terminals.length === 1 ? terminals[0] : undefined;
  const details = useQuery({
    queryKey: [...TERMINAL_KEY, 'details', single?.id],
    queryFn: ({ signal }) => getTerminalDetails(single!.id, signal),
    enabled: single !== undefined,
  });
  useEffect(() => {
    // Only into a form the user has not started on.
    if (details.data && !form.isFieldsTouched()) form.setFieldsValue({ timeZone: details.data.timeZone });
  }, [details.data, form]);

  const send = async (values: TimeZoneValues) => {
    const sent = await sendTimeZone(
      terminals.map((x) => x.id),
      values.timeZone || null,
    );
    await queryClient.invalidateQueries({ queryKey: [...TERMINAL_KEY, 'details'] });
    return sent;
  };

  return (
    <CommandDialog<TimeZoneValues>
      id="timeZone"
      title={t('timeZone.title', { count: terminals.length })}
      form={form}
      send={send}
      onClose={onClose}
      onSent={onSent}
    >
      <Alert type="info" showIcon title={t('timeZone.hint')} style={{ marginBottom: 16 }} />
      <Spin spinning={details.isLoading}>
        <Form.Item name="timeZone" label={tc('timeZone.label')}>
          <TimeZoneSelect inherited={details.data?.inheritedTimeZone} data-testid="terminal-time-zone" />
        </Form.Item>
      </Spin>
    </CommandDialog>
  );
}
