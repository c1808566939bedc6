import type { Terminal } from '@apm/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { moveTerminals } from '../../services/terminal';
import { TERMINAL_NAME_MAX } from './ClaimTerminalModal';
import { GroupSelect } from './GroupSelect';
import { terminalErrorText } from './terminal-errors';

interface EditValues {
  name?: string;
  officeId: number;
  groupId?: number;
}

/** Props of {@link TerminalEditModal}. */
export interface TerminalEditModalProps {
  /** One terminal: rename and move it; several: move them. */
  terminals: Terminal[];
  onClose(): void;
  onSaved(): void;
}

/** Renames a terminal and moves terminals to another institution and group (`updateTerminalOffice`). */
export function TerminalEditModal({ terminals, onClose, onSaved }: TerminalEditModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const chosenOffice = Form.useWatch('officeId', form);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const single = terminals.length === 1 ? terminals[0] : undefined;
  // Several terminals start from a common institution and group, if they share one.
  const shared = <K extends 'officeId' | 'groupId'>(key: K) =>
    terminals.every((x) => x[key] === terminals[0]?.[key]) ? (terminals[0]?.[key] ?? undefined) : undefined;

  const submit = async (values: EditValues) => {
    setSaving(true);
    setError(null);
    try {
      await moveTerminals({
        terminalIds: terminals.map((x) => x.id),
        officeId: values.officeId,
        groupId: values.groupId ?? null,
        name: single ? values.name?.trim() : undefined,
      });
      onSaved();
    } catch (failure) {
      setError(terminalErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={
        single ? t('edit.title', { name: single.name }) : t('edit.moveTitle', { count: terminals.length })
      }
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      okButtonProps={{ loading: saving, id: 'terminal-edit-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="terminalEdit"
        layout="vertical"
        initialValues={{ name: single?.name, officeId: shared('officeId'), groupId: shared('groupId') }}
        onFinish={submit}
        onValuesChange={(changed: Partial<EditValues>) => {
          if ('officeId' in changed) form.setFieldValue('groupId', undefined);
        }}
      >
        {single ? (
          <Form.Item
            name="name"
            label={t('claim.name')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: tc('common.required', { field: t('claim.name') }),
              },
              {
                max: TERMINAL_NAME_MAX,
                message: tc('common.tooLong', { field: t('claim.name'), max: TERMINAL_NAME_MAX }),
              },
            ]}
          >
            <Input autoFocus maxLength={TERMINAL_NAME_MAX} />
          </Form.Item>
        ) : null}
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
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" data-testid="terminal-edit-error" />
      ) : null}
    </Modal>
  );
}
