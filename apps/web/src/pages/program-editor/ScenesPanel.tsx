import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ProgramDocument } from '@apm/contract';
import { Button, Flex, Popconfirm, Tooltip, Typography } from 'antd';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import type { EditorAction } from './state/editor-state';

/** The drag-and-drop type of a scene being reordered. */
const SCENE_DRAG_TYPE = 'application/x-apm-scene';

/** Props of {@link ScenesPanel}. */
export interface ScenesPanelProps {
  document: ProgramDocument;
  sceneIndex: number;
  dispatch: (action: EditorAction) => void;
}

/** The program's scenes in play order: choose, add, copy, delete, reorder by dragging or with the arrows. */
export function ScenesPanel({ document, sceneIndex, dispatch }: ScenesPanelProps) {
  const { t } = useTranslation('programEditor');
  const [dropAt, setDropAt] = useState<number | null>(null);
  const scenes = document.scenes;

  const onDrop = (event: DragEvent, to: number) => {
    const from = Number(event.dataTransfer.getData(SCENE_DRAG_TYPE));
    setDropAt(null);
    if (!Number.isInteger(from) || from === to) return;
    event.preventDefault();
    dispatch({ type: 'moveScene', from, to });
  };

  return (
    <section aria-labelledby="editor-scenes-title" style={{ padding: 8 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={2} id="editor-scenes-title" style={{ fontSize: 14, margin: 0 }}>
          {t('scenes')}
        </Typography.Title>
        <Tooltip title={t('addScene')}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('addScene')}
            data-testid="editor-scene-add"
            onClick={() => dispatch({ type: 'addScene', name: t('sceneName', { n: scenes.length + 1 }) })}
          />
        </Tooltip>
      </Flex>
      <ol style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }} data-testid="editor-scenes">
        {scenes.map((scene, index) => (
          <li
            key={scene.id}
            className="apm-editor-list-item"
            aria-current={index === sceneIndex}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.setData(SCENE_DRAG_TYPE, String(index));
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (!e.dataTransfer.types.includes(SCENE_DRAG_TYPE)) return;
              e.preventDefault();
              setDropAt(index);
            }}
            onDragLeave={() => setDropAt((at) => (at === index ? null : at))}
            onDrop={(e) => onDrop(e, index)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 4,
              padding: '4px 4px',
              borderRadius: 4,
              borderTop: dropAt === index ? '2px solid #1677ff' : '2px solid transparent',
            }}
            data-testid="editor-scene"
          >
            <HolderOutlined aria-hidden style={{ cursor: 'grab' }} />
            <Button
              type="link"
              size="small"
              style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', padding: 0 }}
              onClick={() => dispatch({ type: 'selectScene', index })}
              aria-pressed={index === sceneIndex}
            >
              <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                {index + 1}. {scene.name}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {' · '}
                  {scene.untilTouched ? t('untilTouched') : t('seconds', { n: scene.durationMs / 1000 })}
                  {scene.main ? '' : ` · ${t('notMain')}`}
                </Typography.Text>
              </Typography.Text>
            </Button>
            <IconButton
              size="small"
              title={t('moveUp')}
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => dispatch({ type: 'moveScene', from: index, to: index - 1 })}
            />
            <IconButton
              size="small"
              title={t('moveDown')}
              icon={<ArrowDownOutlined />}
              disabled={index === scenes.length - 1}
              onClick={() => dispatch({ type: 'moveScene', from: index, to: index + 1 })}
            />
            <IconButton
              size="small"
              title={t('copyScene')}
              icon={<CopyOutlined />}
              testId="editor-scene-copy"
              onClick={() =>
                dispatch({ type: 'copyScene', index, name: t('sceneCopyName', { name: scene.name }) })
              }
            />
            <Popconfirm
              title={t('deleteSceneConfirm', { name: scene.name })}
              disabled={scenes.length === 1}
              onConfirm={() => dispatch({ type: 'deleteScene', index })}
            >
              <Tooltip title={scenes.length === 1 ? t('lastScene') : t('deleteScene')}>
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('deleteScene')}
                  disabled={scenes.length === 1}
                  data-testid="editor-scene-delete"
                />
              </Tooltip>
            </Popconfirm>
          </li>
        ))}
      </ol>
    </section>
  );
}
