import type { ProgramDocument, ProgramSummary } from '@apm/contract';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { getProgram, saveProgram } from '../../services/program';
import { programErrorText } from './program-errors';

/** Props of {@link ProgramRenameModal}. */
export interface ProgramRenameModalProps {
  program: ProgramSummary;
  onClose(): void;
  onSaved(): void;
}

/**
 * Renames a program: a new version of its document with the new name, based on the revision listed
 * (a program saved by someone else meanwhile is a clear conflict, not an overwrite).
 */
export function ProgramRenameModal({ program, onClose, onSaved }: ProgramRenameModalProps) {
  const { t } = useTranslation('programs');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();

  const save = async ({ name }: { name: string }) => {
    const detail = await getProgram(program.id);
    await saveProgram({
      id: program.id,
      baseRevision: program.revision,
      // The detail's schema type is looser than the document type; the server validates what it gets.
      document: { ...(detail.document as unknown as ProgramDocument), name: name.trim() },
    });
    void message.success(t('renamed'));
    onSaved();
  };

  return (
    <FormModal<{ name: string }>
      title={t('renameTitle', { name: program.name })}
      form={form}
      name="programRename"
      initialValues={{ name: program.name }}
      saveButtonId="program-rename-save"
      onSave={save}
      describeFailure={programErrorText}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} autoFocus data-testid="program-rename-name" />
      </Form.Item>
    </FormModal>
  );
}
