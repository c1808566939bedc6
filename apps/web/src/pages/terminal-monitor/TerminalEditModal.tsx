import type { Terminal } from '@apm/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveTerminals } from '../../services/terminal';
import { TERMINAL_NAME_MAX } from './ClaimTerminalModal';
import { TerminalFormModal } from './TerminalFormModal';
import { TerminalPlacementFields } from './TerminalPlacementFields';

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
  const single = terminals.length === 1 ? terminals[0] : undefined;
  // Several terminals start from a common institution and group, if they share one.
  const shared = <K extends 'officeId' | 'groupId'>(key: K) =>
    terminals.every((x) => x[key] === terminals[0]?.[key]) ? (terminals[0]?.[key] ?? undefined) : undefined;

  const save = async (values: EditValues) => {
    await moveTerminals({
      terminalIds: terminals.map((x) => x.id),
      officeId: values.officeId,
      groupId: values.groupId ?? null,
      name: single ? values.name?.trim() : undefined,
    });
    onSaved();
  };

  return (
    <TerminalFormModal<EditValues>
      title={
        single ? t('edit.title', { name: single.name }) : t('edit.moveTitle', { count: terminals.length })
      }
      form={form}
      name="terminalEdit"
      idPrefix="terminal-edit"
      initialValues={{ name: single?.name, officeId: shared('officeId'), groupId: shared('groupId') }}
      onSave={save}
      onClose={onClose}
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
      <TerminalPlacementFields />
    </TerminalFormModal>
  );
}
