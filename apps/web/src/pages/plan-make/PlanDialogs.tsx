import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlanEditorModel } from './use-plan-editor';

/** The questions the editor may have to ask: leave with unsaved changes, resolve a save conflict. */
export function PlanDialogs(props: { model: PlanEditorModel; onOpenTheirs(): void; onOverwrite(): void }) {
  const { model, onOpenTheirs, onOverwrite } = props;
  const { t } = useTranslation('planMake');
  const { blocker, conflict } = model;
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
          <Button key="leave" danger onClick={() => blocker.proceed?.()} data-testid="plan-leave">
            {t('leave')}
          </Button>,
        ]}
      >
        {t('leaveText')}
      </Modal>
      <Modal
        open={conflict !== null}
        title={t('conflictTitle')}
        onCancel={model.dismissConflict}
        footer={[
          <Button key="keep" onClick={model.dismissConflict}>
            {t('keepEditing')}
          </Button>,
          <Button key="theirs" onClick={onOpenTheirs} data-testid="plan-conflict-theirs">
            {t('openTheirs')}
          </Button>,
          <Button
            key="overwrite"
            type="primary"
            danger
            loading={model.saving}
            onClick={onOverwrite}
            data-testid="plan-conflict-overwrite"
          >
            {t('overwrite')}
          </Button>,
        ]}
      >
        <span data-testid="plan-conflict">
          {conflict ? t('conflictText', { revision: conflict.revision }) : null}
        </span>
      </Modal>
    </>
  );
}
