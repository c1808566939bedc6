import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

/** Props of {@link EditorSaveDialogs}. */
export interface EditorSaveDialogsProps {
  /** The editor's message namespace: both hold the texts of these dialogs under the same keys. */
  namespace: 'planMake' | 'programEditor' | 'messages';
  /** Prefix of the test ids (`<prefix>-leave`, `<prefix>-conflict`…). */
  testIdPrefix: string;
  /** The router's blocker of navigation with unsaved changes. */
  blocker: Blocker;
  /** The newer revision a save ran into, or null. */
  conflict: { revision: number } | null;
  saving: boolean;
  dismissConflict(): void;
  onOpenTheirs(): void;
  onOverwrite(): void;
}

/**
 * What a document editor (programs, plans, messages) asks around saving: leave with unsaved changes, and what
 * to do when the save ran into a newer revision (keep editing, open theirs, overwrite).
 */
export function EditorSaveDialogs(props: EditorSaveDialogsProps) {
  const { testIdPrefix: id, blocker, conflict } = props;
  const { t } = useTranslation(props.namespace);
  return (
    <>
      <Modal
        open={blocker.state === 'blocked'}
        title={t('leaveTitle')}
        onCancel={() => blocker.reset?.()}
        footer={[
          <Button key="stay" type="primary" onClick={() => blocker.reset?.()}>
            {t('stay')}
          </Button>,
          <Button key="leave" danger onClick={() => blocker.proceed?.()} data-testid={`${id}-leave`}>
            {t('leave')}
          </Button>,
        ]}
      >
        {t('leaveText')}
      </Modal>
      <Modal
        open={conflict !== null}
        title={t('conflictTitle')}
        onCancel={props.dismissConflict}
        footer={[
          <Button key="keep" onClick={props.dismissConflict}>
            {t('keepEditing')}
          </Button>,
          <Button key="theirs" onClick={props.onOpenTheirs} data-testid={`${id}-conflict-theirs`}>
            {t('openTheirs')}
          </Button>,
          <Button
            key="overwrite"
            type="primary"
            danger
            loading={props.saving}
            onClick={props.onOverwrite}
            data-testid={`${id}-conflict-overwrite`}
          >
            {t('overwrite')}
          </Button>,
        ]}
      >
        <span data-testid={`${id}-conflict`}>
          {conflict ? t('conflictText', { revision: conflict.revision }) : null}
        </span>
      </Modal>
    </>
  );
}
