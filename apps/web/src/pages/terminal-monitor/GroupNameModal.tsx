import { useTranslation } from 'react-i18next';
import { NameModal, type NameDialogProps } from '../../components/NameModal';
import { terminalErrorText } from './terminal-errors';

/** Longest group name the dialog takes. */
const GROUP_NAME_MAX = 100;

/** Props of {@link GroupNameModal}. */
export type GroupNameModalProps = NameDialogProps;

/** Asks for a terminal group's name (create, rename) and saves it. */
export function GroupNameModal(props: GroupNameModalProps) {
  const { t } = useTranslation('terminalMonitor');
  return (
    <NameModal
      {...props}
      label={t('tree.groupName')}
      maxLength={GROUP_NAME_MAX}
      formName="terminalGroup"
      saveButtonId="terminal-group-save"
      errorText={terminalErrorText}
    />
  );
}
