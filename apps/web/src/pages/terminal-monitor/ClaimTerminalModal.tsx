import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { claimTerminal } from '../../services/terminal';
import { GroupSelect } from './GroupSelect';
import { NearbyTerminals } from './NearbyTerminals';
import { terminalErrorText } from './terminal-errors';
import { normalizePairingCode } from './terminal-logic';

/** Longest terminal name the dialogs take. */
export const TERMINAL_NAME_MAX = 100;

interface ClaimValues {
  pairingCode: string;
  officeId: number;
  groupId?: number;
  name?: string;
}

/** Props of {@link ClaimTerminalModal}. */
export interface ClaimTerminalModalProps {
  /** Preselected institution (the one chosen in the tree). */
  officeId?: number;
  groupId?: number;
  onClose(): void;
  /** Called after a successful claim. */
  onClaimed(): void;
}

/** "Add terminal": claims a pending terminal by the pairing code it shows into an institution and group. */
export function ClaimTerminalModal({ officeId, groupId, onClose, onClaimed }: ClaimTerminalModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<ClaimValues>();
  const chosenOffice = Form.useWatch('officeId', form);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: ClaimValues) => {
    setSaving(true);
    setError(null);
    try {
      await claimTerminal({
        pairingCode: normalizePairingCode(values.pairingCode)!,
        officeId: values.officeId,
        groupId: values.groupId,
        name: values.name?.trim() || undefined,
      });
      onClaimed();
    } catch (failure) {
      setError(terminalErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('claim.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      okButtonProps={{ loading: saving, id: 'terminal-claim-save' }}
      cancelButtonProps={{ id: 'terminal-claim-cancel' }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('claim.hint')} style={{ marginBottom: 16 }} />
      <NearbyTerminals
        onPick={({ pairingCode }) => {
          form.setFieldValue('pairingCode', pairingCode);
          void form.validateFields(['pairingCode']);
        }}
      />
      <Form
        form={form}
        name="terminalClaim"
        layout="vertical"
        initialValues={{ officeId, groupId }}
        onFinish={submit}
        onValuesChange={(changed: Partial<ClaimValues>) => {
          if ('officeId' in changed) form.setFieldValue('groupId', undefined);
        }}
      >
        <Form.Item
          name="pairingCode"
          label={t('claim.pairingCode')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: tc('common.required', { field: t('claim.pairingCode') }),
            },
            {
              validator: (_, v: string | undefined) =>
                !v?.trim() || normalizePairingCode(v) ? Promise.resolve() : Promise.reject(new Error()),
              message: t('claim.pairingCodeInvalid'),
            },
          ]}
        >
          <Input
            autoFocus
            maxLength={12}
            autoComplete="off"
            style={{ fontFamily: 'monospace', letterSpacing: 4, textTransform: 'uppercase' }}
          />
        </Form.Item>
        <Form.Item
          name="officeId"
          label={t('claim.office')}
          rules={[{ required: true, message: tc('common.requiredSelect', { field: t('claim.office') }) }]}
        >
          <OfficeTreeSelect allowClear={false} />
        </Form.Item>
        <Form.Item name="groupId" label={t('claim.group')}>
          <GroupSelect officeId={chosenOffice} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('claim.name')}
          extra={t('claim.nameHint')}
          rules={[
            {
              max: TERMINAL_NAME_MAX,
              message: tc('common.tooLong', { field: t('claim.name'), max: TERMINAL_NAME_MAX }),
            },
          ]}
        >
          <Input maxLength={TERMINAL_NAME_MAX} />
        </Form.Item>
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" data-testid="terminal-claim-error" />
      ) : null}
    </Modal>
  );
}
