import {
  ALARM_RULE_CHANNELS,
  ALARM_RULE_DAILY_LIMIT_MAX,
  ALARM_SEVERITIES,
  ALARM_TYPES,
  alarmRuleTargetProblem,
  type AlarmRule,
  type AlarmRuleInput,
} from '@apm/contract';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { saveAlarmRule } from '../../services/alarm';
import { describeError, RequestError, serverFieldErrors } from '../../services/request';

/** Props of {@link AlarmRuleModal}. */
export interface AlarmRuleModalProps {
  /** The rule edited; null makes a new one. */
  rule: AlarmRule | null;
  onSaved(): void;
  onClose(): void;
}

const DEFAULTS: Partial<AlarmRuleInput> = {
  types: [],
  minSeverity: 'critical',
  channel: 'email',
  dailyLimit: 10,
  enabled: true,
};

/** Creates or edits a notification rule; the server's refusals land on the field they name. */
export function AlarmRuleModal({ rule, onSaved, onClose }: AlarmRuleModalProps) {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<AlarmRuleInput>();
  const channel = Form.useWatch('channel', form) ?? rule?.channel ?? 'email';
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    // A field the form refused shows its message there; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    setFailure(null);
    try {
      await saveAlarmRule({ ...values, ...(rule ? { id: rule.id } : {}) });
      onSaved();
    } catch (error) {
      const fields = serverFieldErrors(error);
      const named = Object.entries(fields).filter(
        ([name]) => name in DEFAULTS || name === 'name' || name === 'target' || name === 'officeId',
      );
      if (named.length)
        form.setFields(
          named.map(([name, errors]) => ({ name: name as keyof AlarmRuleInput, errors: [errors] })),
        );
      else setFailure(error instanceof RequestError ? describeError(error) : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={rule ? t('rules.edit') : t('rules.add')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={rule ? { ...rule } : DEFAULTS}
        data-testid="alarm-rule-form"
      >
        <Form.Item
          name="name"
          label={t('rules.name')}
          rules={[{ required: true, whitespace: true, message: t('rules.nameRequired') }]}
        >
          <Input maxLength={100} data-testid="alarm-rule-name" />
        </Form.Item>
        <Form.Item name="officeId" label={t('rules.office')} extra={t('rules.officeHelp')}>
          <OfficeTreeSelect chooseSole aria-label={t('rules.office')} />
        </Form.Item>
        <Form.Item name="types" label={t('rules.types')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('rules.allTypes')}
            options={ALARM_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            data-testid="alarm-rule-types"
          />
        </Form.Item>
        <Form.Item name="minSeverity" label={t('rules.minSeverity')}>
          <Radio.Group
            optionType="button"
            options={ALARM_SEVERITIES.map((v) => ({ value: v, label: t(`severities.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t('rules.channel')}>
          <Radio.Group
            optionType="button"
            options={ALARM_RULE_CHANNELS.map((v) => ({ value: v, label: t(`rules.channels.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="target"
          label={t('rules.target')}
          extra={channel === 'email' ? t('rules.targetEmail') : t('rules.targetWebhook')}
          rules={[
            { required: true, whitespace: true, message: t('rules.targetRequired') },
            {
              validator: async (_, value: string | undefined) => {
                const problem = value?.trim() ? alarmRuleTargetProblem(channel, value) : null;
                if (problem) throw new Error(problem.replace(/^target: /, ''));
              },
            },
          ]}
        >
          <Input maxLength={1000} data-testid="alarm-rule-target" />
        </Form.Item>
        <Form.Item name="dailyLimit" label={t('rules.dailyLimit')} extra={t('rules.dailyLimitHelp')}>
          <InputNumber min={1} max={ALARM_RULE_DAILY_LIMIT_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="enabled" label={t('rules.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
      {failure ? (
        <div role="alert" style={{ color: 'var(--ant-color-error)' }}>
          {failure}
        </div>
      ) : null}
    </Modal>
  );
}
