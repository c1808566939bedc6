import { useState, type DragEvent, type ReactNode } from 'react';
import { MATERIAL_DRAG_TYPE, parseDragIds } from './material-query';

/** Props of {@link FolderDropTarget}. */
export interface FolderDropTargetProps {
  /** The folder materials dropped here go to (`null`: top level). */
  folderId: number | null;
  /** Moves the dropped materials; absent when the user may not move materials. */
  onDrop?: (ids: number[], folderId: number | null) => void;
  children: ReactNode;
}

const carriesMaterials = (event: DragEvent) => event.dataTransfer.types.includes(MATERIAL_DRAG_TYPE);

/** A folder title that accepts materials dragged from the grid or list, highlighted while they hover. */
export function FolderDropTarget({ folderId, onDrop, children }: FolderDropTargetProps) {
  const [over, setOver] = useState(false);
  if (!onDrop) return <>{children}</>;
  return (
    <span
      data-testid="folder-drop-target"
      data-folder-id={folderId ?? 'root'}
      style={{
        display: 'inline-block',
        borderRadius: 4,
        outline: over ? '2px dashed var(--ant-color-primary, #1677ff)' : undefined,
      }}
      onDragOver={(event) => {
        if (!carriesMaterials(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!carriesMaterials(event)) return;
        event.preventDefault();
        const ids = parseDragIds(event.dataTransfer.getData(MATERIAL_DRAG_TYPE));
        if (ids.length) onDrop(ids, folderId);
      }}
    >
      {children}
    </span>
  );
}
