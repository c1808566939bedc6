import { BUTTON_ACTIONS } from '@apm/contract';
import { useTranslation } from 'react-i18next';
import { ColorField, NumberField, SelectField, TextField } from './fields';
import { FontFields } from './FontFields';
import { lengthProblem } from './panel-values';
import type { WidgetEditorProps } from './widget-editor';

/** A button: its label, what it does (exit, previous, next or a jump to a scene), font, colour, corners. */
export function ButtonProperties({ widget, document, update, done }: WidgetEditorProps<'button'>) {
  const { t } = useTranslation('editorPanels');
  const { props } = widget;
  const target = document.scenes.find((s) => s.id === props.targetSceneId);
  const missingTarget = props.action === 'scene' && !target;
  return (
    <>
      <TextField
        label={t('button.label')}
        value={props.label}
        check={(text) => lengthProblem(text, 0, 200)}
        max={200}
        onChange={(label) => update({ label }, 'label')}
        onDone={done}
        testId="button-label"
      />
      <SelectField
        label={t('button.action')}
        value={props.action}
        options={BUTTON_ACTIONS.map((action) => ({ value: action, label: t(`button.actions.${action}`) }))}
        onChange={(action) =>
          update(action === 'scene' ? { action } : { action, targetSceneId: undefined }, 'action')
        }
        testId="button-action"
      />
      {props.action === 'scene' ? (
        <SelectField
          label={t('button.target')}
          value={target?.id}
          placeholder={t('button.targetPlaceholder')}
          options={document.scenes.map((scene, index) => ({
            value: scene.id,
            label: scene.name || t('button.sceneNumber', { n: index + 1 }),
          }))}
          error={missingTarget}
          help={missingTarget ? t('problems.required', { field: t('button.target') }) : undefined}
          onChange={(targetSceneId) => update({ targetSceneId }, 'targetSceneId')}
          testId="button-target"
        />
      ) : null}
      <FontFields
        font={props.font}
        onChange={(font, field) => update({ font }, `font.${field}`)}
        onDone={done}
        testId="button-font"
      />
      <ColorField
        label={t('button.background')}
        value={props.background}
        onChange={(background) => update({ background }, 'background')}
        onDone={done}
        testId="button-background"
      />
      <NumberField
        label={t('button.radius')}
        value={props.radius}
        bounds={{ min: 0, max: 1000, integer: true }}
        suffix="px"
        onChange={(radius) => update({ radius }, 'radius')}
        testId="button-radius"
      />
    </>
  );
}
