import { CheckOutlined } from '@ant-design/icons';
import { App, Button, Divider, Drawer, Flex, Segmented, Select, Switch, Tooltip, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferencesStore } from '../../stores/preferences';
import {
  ANIMATIONS,
  PALETTE,
  withEffect,
  type AnimationEffect,
  type ContentWidth,
  type LayoutMode,
  type PaletteColor,
  type Preferences,
  type ThemeMode,
} from './preferences';

type BooleanPref = 'fixedHeader' | 'fixedSidebar' | 'colorWeak' | 'multiTab' | 'hideSettings';

/** A labelled row: `children` gets the id its control must carry, so the text is the control's label. */
function Row({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Flex justify="space-between" align="center" gap={12} style={{ marginBottom: 12 }}>
      <Typography.Text>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children(id)}
    </Flex>
  );
}

/**
 * The settings drawer (spec section 2): layout, theme and colour, content width, fixed header and
 * sidebar, colour-weak mode, multi-page tabs, hiding the drawer's entry, page-switch animation.
 * Changes apply at once; Save keeps the non-default values, Reset forgets them and reloads.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { prefs, drawerOpen, update, save, reset, setDrawerOpen } = usePreferencesStore();
  const setBool = (key: BooleanPref) => (checked: boolean) =>
    update({ [key]: checked } as Partial<Preferences>);

  const onSave = () => {
    save();
    void message.success(t('common.success'));
  };
  const onReset = () => {
    modal.confirm({
      title: t('settings.reset'),
      content: t('settings.resetConfirm'),
      // OK / Cancel come from antd's own locale, which follows the console language.
      onOk: () => {
        reset();
        window.location.reload();
      },
    });
  };

  const switches: BooleanPref[] = ['fixedHeader', 'fixedSidebar', 'colorWeak', 'multiTab', 'hideSettings'];
  return (
    <Drawer
      title={t('settings.title')}
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      size={360}
      data-testid="settings-drawer"
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={onReset} data-testid="settings-reset">
            {t('settings.reset')}
          </Button>
          <Button type="primary" onClick={onSave} data-testid="settings-save">
            {t('settings.save')}
          </Button>
        </Flex>
      }
    >
      <Divider titlePlacement="start" plain>
        {t('settings.layout')}
      </Divider>
      <Segmented<LayoutMode>
        block
        value={prefs.layout}
        onChange={(layout) => update({ layout })}
        options={(['side', 'head', 'mix'] as const).map((v) => ({
          value: v,
          label: t(`settings.layouts.${v}`),
        }))}
        data-testid="settings-layout"
      />
      <Divider titlePlacement="start" plain>
        {t('settings.theme')}
      </Divider>
      <Segmented<ThemeMode>
        block
        value={prefs.mode}
        onChange={(mode) => update({ mode })}
        options={(['dark', 'light', 'night'] as const).map((v) => ({
          value: v,
          label: t(`settings.modes.${v}`),
        }))}
        data-testid="settings-mode"
      />
      <Flex wrap gap={8} style={{ marginTop: 12 }} role="radiogroup" aria-label={t('settings.color')}>
        {(Object.keys(PALETTE) as PaletteColor[]).map((color) => (
          <Tooltip key={color} title={t(`settings.colors.${color}`)}>
            <button
              type="button"
              role="radio"
              aria-checked={prefs.color === color}
              aria-label={t(`settings.colors.${color}`)}
              onClick={() => update({ color })}
              data-testid={`color-${color}`}
              style={{
                width: 24,
                height: 24,
                borderRadius: 4,
                border: 0,
                cursor: 'pointer',
                background: PALETTE[color],
                color: '#fff',
                padding: 0,
              }}
            >
              {prefs.color === color ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </Flex>
      <Divider titlePlacement="start" plain>
        {t('settings.display')}
      </Divider>
      <Row label={t('settings.contentWidth')}>
        {(id) => (
          <Select<ContentWidth>
            id={id}
            size="small"
            value={prefs.contentWidth}
            onChange={(contentWidth) => update({ contentWidth })}
            style={{ width: 120 }}
            options={(['fluid', 'fixed'] as const).map((v) => ({
              value: v,
              label: t(`settings.widths.${v}`),
            }))}
            data-testid="settings-contentWidth"
          />
        )}
      </Row>
      {switches.map((key) => (
        <Row key={key} label={t(`settings.${key}`)}>
          {(id) => (
            <Switch
              id={id}
              size="small"
              checked={prefs[key]}
              onChange={setBool(key)}
              data-testid={`settings-${key}`}
            />
          )}
        </Row>
      ))}
      <Divider titlePlacement="start" plain>
        {t('settings.animation')}
      </Divider>
      <Row label={t('settings.effect')}>
        {(id) => (
          <Select<AnimationEffect>
            id={id}
            size="small"
            value={prefs.animation.effect}
            onChange={(effect) => update(withEffect(prefs, effect))}
            style={{ width: 140 }}
            options={(Object.keys(ANIMATIONS) as AnimationEffect[]).map((v) => ({
              value: v,
              label: t(`settings.effects.${v}`),
            }))}
            data-testid="settings-effect"
          />
        )}
      </Row>
      <Row label={t('settings.direction')}>
        {(id) => (
          <Select<string>
            id={id}
            size="small"
            value={prefs.animation.direction}
            onChange={(direction) => update({ animation: { ...prefs.animation, direction } })}
            style={{ width: 140 }}
            options={ANIMATIONS[prefs.animation.effect].map((v) => ({
              value: v,
              label: t(`settings.directions.${v || 'none'}`),
            }))}
            data-testid="settings-direction"
          />
        )}
      </Row>
    </Drawer>
  );
}
