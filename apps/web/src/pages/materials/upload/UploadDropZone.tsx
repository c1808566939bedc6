import { FolderOpenOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, theme, Typography } from 'antd';
import { useRef, useState, type DragEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { collectDropped, inputFiles, takeDropSources } from './drop-entries';
import type { NewFile } from './upload-tasks';

/** Props of {@link UploadDropZone}. */
export interface UploadDropZoneProps {
  /** Text under the hint (formats). */
  note: string;
  /**
   * Its continuation (` · ` and the size limit) once known, in an element of its own: the note's
   * text is painted once, with the page, not again when the limit arrives.
   */
  noteLimit?: string;
  onFiles(files: NewFile[]): void;
  onReadError(message: string): void;
}

/**
 * The drop zone: a click on it chooses files, its two buttons choose files or a folder
 * (`webkitdirectory`), and a drop of many files and folders is walked recursively.
 * The zone itself is no button: a button inside a button is out of reach of assistive
 * technologies, so keyboard and screen-reader users get the two real buttons.
 */
export function UploadDropZone({ note, noteLimit, onFiles, onReadError }: UploadDropZoneProps) {
  const { t } = useTranslation('materialUpload');
  const { token } = theme.useToken();
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement | null>(null);
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    // Entries must be taken before the handler returns; reading them may go on afterwards.
    const sources = takeDropSources(event.dataTransfer.items);
    collectDropped(sources).then(
      (files) => files.length > 0 && onFiles(files),
      (error: unknown) => onReadError(error instanceof Error ? error.message : String(error)),
    );
  };
  const choose = (input: RefObject<HTMLInputElement | null>) => (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    input.current?.click();
  };
  const onInput = (input: HTMLInputElement) => {
    const files = inputFiles(input.files ?? []);
    // Cleared so that choosing the same file again fires `change` (e.g. to resume it).
    input.value = '';
    if (files.length > 0) onFiles(files);
  };

  return (
    <div
      data-testid="material-upload-drop"
      onClick={() => fileInput.current?.click()}
      onDragEnter={onDragEnter}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      style={{
        border: `1px dashed ${over ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        background: over ? token.colorPrimaryBg : token.colorFillAlter,
        padding: token.paddingLG,
        textAlign: 'center',
        cursor: 'pointer',
        transition: `border-color ${token.motionDurationSlow}`,
      }}
    >
      <InboxOutlined style={{ fontSize: 40, color: token.colorPrimary }} />
      <div>
        <Typography.Text strong>{t('dropHint')}</Typography.Text>
      </div>
      <div style={{ marginBottom: token.marginSM }}>
        <Typography.Text type="secondary">{note}</Typography.Text>
        {noteLimit ? <Typography.Text type="secondary">{noteLimit}</Typography.Text> : null}
      </div>
      <Space wrap>
        <Button icon={<UploadOutlined />} onClick={choose(fileInput)}>
          {t('chooseFiles')}
        </Button>
        <Button icon={<FolderOpenOutlined />} onClick={choose(folderInput)}>
          {t('chooseFolder')}
        </Button>
      </Space>
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        data-testid="material-upload-input"
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => onInput(event.currentTarget)}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          // Not a React prop: set as an attribute so the browser offers folders.
          el?.setAttribute('webkitdirectory', '');
        }}
        type="file"
        multiple
        hidden
        data-testid="material-upload-folder-input"
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => onInput(event.currentTarget)}
      />
    </div>
  );
}
