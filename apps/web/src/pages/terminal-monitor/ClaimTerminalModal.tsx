import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { claimTerminal } from '../../services/terminal';
import { NearbyTerminals } from './NearbyTerminals';
import { TerminalFormModal } from './TerminalFormModal';
import { TerminalPlacementFields } from './TerminalPlacementFields';
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

  const save = async (values: ClaimValues) => {
    await claimTerminal({
      pairingCode: normalizePairingCode(values.pairingCode)!,
      officeId: values.officeId,
      groupId: values.groupId,
      name: values.name?.trim() || undefined,
    });
    onClaimed();
  };

  return (
    <TerminalFormModal<ClaimValues>
      title={t('claim.title')}
      form={form}
      name="terminalClaim"
      idPrefix="terminal-claim"
      cancelButtonId="terminal-claim-cancel"
      initialValues={{ officeId, groupId }}
      onSave={save}
      onClose={onClose}
      header={
        <>
          <Alert type="info" showIcon title={t('claim.hint')} style={{ marginBottom: 16 }} />
          <NearbyTerminals
            onPick={({ pairingCode }) => {
              form.setFieldValue('pairingCode', pairingCode);
              void form.validateFields(['pairingCode']);
            }}
          />
        </>
      }
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
      <TerminalPlacementFields />
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
    </TerminalFormModal>
  );
}
