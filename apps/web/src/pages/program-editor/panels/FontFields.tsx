import { BoldOutlined, ItalicOutlined, UnderlineOutlined } from '@ant-design/icons';
import type { Font } from '@apm/contract';
import { Button, Flex, Form, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorField, NumberField, SuggestField } from './fields';
import { FONT_FAMILIES, lengthProblem } from './panel-values';

/** Props of {@link FontFields}. */
export interface FontFieldsProps {
  font: Font;
  /** Called with the whole new font and the name of the field that changed (for undo bursts). */
  onChange(font: Font, field: keyof Font): void;
  /** Ends a burst (a field left, the colour picker closed). */
  onDone(): void;
  testId: string;
}

/** A widget's font: family, size, colour, bold / italic / underline, line height. */
export function FontFields({ font, onChange, onDone, testId }: FontFieldsProps) {
  const { t } = useTranslation('editorPanels');
  const set = <K extends keyof Font>(field: K, value: Font[K]) =>
    onChange({ ...font, [field]: value }, field);
  const styles = [
    { field: 'bold', icon: <BoldOutlined /> },
    { field: 'italic', icon: <ItalicOutlined /> },
    { field: 'underline', icon: <UnderlineOutlined /> },
  ] as const;
  return (
    <>
      <SuggestField
        label={t('font.family')}
        value={font.family}
        check={(text) => lengthProblem(text, 1, 100)}
        max={100}
        options={FONT_FAMILIES.map((family) => ({
          value: family,
          label: <span style={{ fontFamily: family }}>{family}</span>,
        }))}
        onChange={(family) => set('family', family)}
        onDone={onDone}
        testId={`${testId}-family`}
      />
      <Flex gap={8}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <NumberField
            label={t('font.size')}
            value={font.size}
            bounds={{ min: 4, max: 1000 }}
            suffix="px"
            onChange={(size) => set('size', size)}
            testId={`${testId}-size`}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <NumberField
            label={t('font.lineHeight')}
            value={font.lineHeight ?? null}
            placeholder={t('font.lineHeightAuto')}
            bounds={{ min: 0.5, max: 5 }}
            step={0.1}
            onChange={(lineHeight) => set('lineHeight', lineHeight)}
            onClear={() => {
              const { lineHeight: _unset, ...rest } = font;
              onChange(rest, 'lineHeight');
            }}
            testId={`${testId}-line-height`}
          />
        </div>
      </Flex>
      <ColorField
        label={t('font.color')}
        value={font.color}
        onChange={(color) => set('color', color)}
        onDone={onDone}
        testId={`${testId}-color`}
      />
      <Form.Item label={t('font.style')}>
        <Flex gap={4}>
          {styles.map(({ field, icon }) => {
            const on = Boolean(font[field]);
            return (
              <Tooltip key={field} title={t(`font.${field}`)}>
                <Button
                  icon={icon}
                  type={on ? 'primary' : 'default'}
                  aria-label={t(`font.${field}`)}
                  aria-pressed={on}
                  onClick={() => set(field, !on)}
                  data-testid={`${testId}-${field}`}
                />
              </Tooltip>
            );
          })}
        </Flex>
      </Form.Item>
    </>
  );
}
