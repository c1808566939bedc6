import { TRANSITION_DIRECTIONS, TRANSITION_NAMES, type Transition } from '@apm/contract';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField } from './fields';
import { withTransitionName } from './panel-values';

/** Props of {@link TransitionFields}. */
export interface TransitionFieldsProps {
  transition: Transition;
  /** Called with the whole new transition and the name of the field that changed. */
  onChange(transition: Transition, field: 'name' | 'direction' | 'durationMs'): void;
  testId: string;
}

/** A scene's or image item's entrance: preset, direction (or the preset's own), time in ms. */
export function TransitionFields({ transition, onChange, testId }: TransitionFieldsProps) {
  const { t } = useTranslation('editorPanels');
  const none = transition.name === 'none';
  return (
    <>
      <SelectField
        label={t('transition.name')}
        value={transition.name}
        options={TRANSITION_NAMES.map((name) => ({ value: name, label: t(`transition.names.${name}`) }))}
        onChange={(name) => onChange(withTransitionName(transition, name), 'name')}
        testId={`${testId}-name`}
      />
      {none ? null : (
        <>
          <SelectField
            label={t('transition.direction')}
            value={transition.direction ?? 'default'}
            options={[
              { value: 'default', label: t('transition.defaultDirection') },
              ...TRANSITION_DIRECTIONS.map((d) => ({ value: d, label: t(`transition.directions.${d}`) })),
            ]}
            onChange={(value) => {
              const { direction: _old, ...rest } = transition;
              onChange(value === 'default' ? rest : { ...rest, direction: value }, 'direction');
            }}
            testId={`${testId}-direction`}
          />
          <NumberField
            label={t('transition.durationMs')}
            value={transition.durationMs}
            bounds={{ min: 0, max: 10_000, integer: true }}
            step={100}
            onChange={(durationMs) => onChange({ ...transition, durationMs }, 'durationMs')}
            testId={`${testId}-duration`}
          />
        </>
      )}
    </>
  );
}
