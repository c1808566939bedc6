import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { FIT_VALUES, type Scene } from '@apm/contract';
import { Button, Flex, Form, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from '../state/editor-state';
import type { ScenePatch } from '../state/scene-ops';
import { ColorField, NumberField, SelectField, SwitchField, TextField } from './fields';
import { MaterialDrawer } from './MaterialDrawer';
import { MaterialThumb } from './MediaItemsField';
import { lengthProblem, msToSeconds, secondsToMs } from './panel-values';
import { TransitionFields } from './TransitionFields';

/** Props of {@link SceneProperties}. */
export interface ScenePropertiesProps {
  scene: Scene;
  sceneIndex: number;
  dispatch(action: EditorAction): void;
}

/** The active scene: name, main or not, background colour and image, how long it shows, its transition. */
export function SceneProperties({ scene, sceneIndex, dispatch }: ScenePropertiesProps) {
  const { t } = useTranslation('editorPanels');
  const [picking, setPicking] = useState(false);
  const update = (patch: ScenePatch, field: string) =>
    dispatch({
      type: 'updateScene',
      index: sceneIndex,
      patch,
      mergeKey: `scene:${scene.id}:${field}`,
      now: Date.now(),
    });
  const endBurst = () => dispatch({ type: 'endBurst' });
  const background = (change: Partial<Scene['background']>, field: string) =>
    update({ background: { ...scene.background, ...change } }, field);
  const imageId = scene.background.materialId;

  return (
    <>
      <TextField
        label={t('scene.name')}
        value={scene.name}
        check={(text) => lengthProblem(text, 0, 200)}
        max={200}
        onChange={(name) => update({ name }, 'name')}
        onDone={endBurst}
        testId="scene-name"
      />
      <SwitchField
        label={t('scene.main')}
        checked={scene.main}
        onChange={(main) => update({ main }, 'main')}
        testId="scene-main"
      />
      <ColorField
        label={t('scene.backgroundColor')}
        value={scene.background.color}
        onChange={(color) => background({ color }, 'backgroundColor')}
        onDone={endBurst}
        testId="scene-background-color"
      />
      <Form.Item label={t('scene.backgroundImage')}>
        <Flex gap={8} align="center">
          {imageId ? <MaterialThumb id={imageId} kind="image" /> : null}
          <Button
            icon={<PictureOutlined />}
            onClick={() => setPicking(true)}
            data-testid="scene-background-pick"
          >
            {imageId ? t('scene.changeImage') : t('scene.pickImage')}
          </Button>
          {imageId ? (
            <Tooltip title={t('scene.removeImage')}>
              <Button
                danger
                icon={<DeleteOutlined />}
                aria-label={t('scene.removeImage')}
                onClick={() => background({ materialId: null }, 'backgroundImage')}
                data-testid="scene-background-remove"
              />
            </Tooltip>
          ) : null}
        </Flex>
      </Form.Item>
      {imageId ? (
        <SelectField
          label={t('fit.label')}
          value={scene.background.fit}
          options={FIT_VALUES.map((fit) => ({ value: fit, label: t(`fit.${fit}`) }))}
          onChange={(fit) => background({ fit }, 'fit')}
          testId="scene-background-fit"
        />
      ) : null}
      <SwitchField
        label={t('scene.untilTouched')}
        checked={scene.untilTouched}
        onChange={(untilTouched) => update({ untilTouched }, 'untilTouched')}
        testId="scene-until-touched"
      />
      <NumberField
        label={t('scene.duration')}
        value={msToSeconds(scene.durationMs)}
        bounds={{ min: 1, max: 86_400 }}
        disabled={scene.untilTouched}
        onChange={(seconds) => update({ durationMs: secondsToMs(seconds, 1000, 86_400_000) }, 'duration')}
        testId="scene-duration"
      />
      <TransitionFields
        transition={scene.transition}
        onChange={(transition, field) => update({ transition }, `transition.${field}`)}
        testId="scene-transition"
      />
      <MaterialDrawer
        open={picking}
        kind="image"
        multiple={false}
        onClose={() => setPicking(false)}
        onPick={([material]) => {
          setPicking(false);
          if (!material) return;
          background({ materialId: material.id }, 'backgroundImage');
        }}
      />
    </>
  );
}
