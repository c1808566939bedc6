import { EditorSaveDialogs } from '../../components/EditorSaveDialogs';
import type { PlanEditorModel } from './use-plan-editor';

/** The questions the editor may have to ask: leave with unsaved changes, resolve a save conflict. */
export function PlanDialogs(props: { model: PlanEditorModel; onOpenTheirs(): void; onOverwrite(): void }) {
  const { model, onOpenTheirs, onOverwrite } = props;
  return (
    <EditorSaveDialogs
      namespace="planMake"
      testIdPrefix="plan"
      blocker={model.blocker}
      conflict={model.conflict}
      saving={model.saving}
      dismissConflict={model.dismissConflict}
      onOpenTheirs={onOpenTheirs}
      onOverwrite={onOverwrite}
    />
  );
}
