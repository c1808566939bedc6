import { Alert, DatePicker, Form, Radio, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { windowProblem, type PublishSettings } from './publish-logic';
import type { PublishKind } from './publish-targets';
import { useTargetText } from './use-target-text';

/** Props of {@link PublishSettingsStep}. */
export interface PublishSettingsStepProps {
  value: PublishSettings;
  onChange: (value: PublishSettings) => void;
  /** Whether "from … until" is chosen (kept by the flow while no range is picked yet). */
  windowed: boolean;
  onWindowedChange: (windowed: boolean) => void;
  /** What is published (its wording). */
  kind?: PublishKind;
  /** Whether a play window can be chosen (programs); plans play as their entries say. */
  windowChoice?: boolean;
}

/**
 * First step: when a program plays (now, or within a window; a plan plays as its entries say) and
 * whether it replaces or adds terminals.
 */
export function PublishSettingsStep({
  value,
  onChange,
  windowed,
  onWindowedChange,
  kind = 'program',
  windowChoice = true,
}: PublishSettingsStepProps) {
  const { t } = useTranslation('publish');
  const tt = useTargetText(kind);
  const problem = windowProblem(value.startAt, value.endAt);
  return (
    <Form layout="vertical" style={{ maxWidth: 640 }} name="publishSettings">
      {windowChoice ? null : (
        <Form.Item label={t('when')}>
          <span data-testid="publish-when-plan">{t('plan.when')}</span>
        </Form.Item>
      )}
      <Form.Item label={t('when')} hidden={!windowChoice}>
        <Radio.Group
          value={windowed ? 'window' : 'now'}
          onChange={(e) => {
            const next = e.target.value === 'window';
            onWindowedChange(next);
            if (!next) onChange({ ...value, startAt: null, endAt: null });
          }}
          data-testid="publish-when"
        >
          <Space orientation="vertical">
            <Radio value="now">{t('now')}</Radio>
            <Radio value="window">{t('window')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {windowed ? (
        <Form.Item
          label={t('windowRange')}
          validateStatus={problem ? 'error' : undefined}
          help={problem ? t(problem) : !value.startAt || !value.endAt ? t('windowRequired') : undefined}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={[value.startAt ? dayjs(value.startAt) : null, value.endAt ? dayjs(value.endAt) : null]}
            onChange={(range) =>
              onChange({
                ...value,
                startAt: range?.[0]?.toISOString() ?? null,
                endAt: range?.[1]?.toISOString() ?? null,
              })
            }
            data-testid="publish-window"
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('mode')}>
        <Radio.Group
          value={value.mode}
          onChange={(e) => onChange({ ...value, mode: e.target.value as PublishSettings['mode'] })}
          data-testid="publish-mode"
        >
          <Space orientation="vertical">
            <Radio value="add">{t('modes.add')}</Radio>
            <Radio value="replace">{t('modes.replace')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {value.mode === 'replace' ? <Alert type="warning" showIcon title={tt('replaceHint')} /> : null}
    </Form>
  );
}
