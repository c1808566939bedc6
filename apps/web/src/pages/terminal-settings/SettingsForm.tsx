import type { DisplaySettings, Terminal } from '@apm/contract';
import { App, Button, Descriptions, Flex, Input, InputNumber, Radio, Slider, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import {
  renameTerminal,
  sendDisplaySettings,
  sendVolume,
  type TerminalSettingsState,
} from '../../services/terminal-info';
import type { PickedTerminal } from '../terminal-info/TerminalPicker';
import { PowerScheduleModal } from '../terminal-monitor/PowerScheduleModal';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import { TimeZoneModal } from '../terminal-monitor/TimeZoneModal';
import { hhmm } from './settings-logic';

/** Changing settings (the routes' permission); renaming is the monitor's edit permission. */
const EDITOR = 'terminal:settings:edit';
const RENAMER = 'terminal:monitor:edit';
const ROTATIONS = [0, 90, 180, 270] as const;

const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);
const windowOf = (v: unknown): [Dayjs, Dayjs] | null => {
  const w = v as { start?: string; end?: string } | null | undefined;
  return w?.start && w.end ? [dayjs(w.start, 'HH:mm'), dayjs(w.end, 'HH:mm')] : null;
};

/** Props of {@link SettingsForm}. */
export interface SettingsFormProps {
  terminals: PickedTerminal[];
  /** The first chosen terminal's state: the fields start from its kept settings. */
  first: TerminalSettingsState | undefined;
  /** A push was sent (the delivery table polls). */
  onSent(): void;
}

/** The settings of the chosen terminals, each applied on its own (pushed, pending until each terminal confirms). */
export function SettingsForm({ terminals, first, onSent }: SettingsFormProps) {
  const { t } = useTranslation('terminalSettings');
  const { message } = App.useApp();
  const { can } = useAccess();
  const ids = terminals.map((x) => x.id);
  const single = terminals.length === 1 ? terminals[0] : undefined;
  const kept = first?.settings ?? {};
  const [name, setName] = useState('');
  const [volume, setVolume] = useState(100);
  const [brightness, setBrightness] = useState(100);
  const [rotation, setRotation] = useState<(typeof ROTATIONS)[number]>(0);
  const [window, setWindow] = useState<[Dayjs, Dayjs] | null>(null);
  const [shotMinutes, setShotMinutes] = useState(0);
  const [modal, setModal] = useState<'timeZone' | 'power' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const firstId = first?.id;
  useEffect(() => {
    // The fields start from the first terminal's kept settings when the choice changes.
    setName(single?.name ?? '');
    setVolume(num(kept.volume, 100));
    setBrightness(num(kept.brightness, 100));
    setRotation(num(kept.rotation, 0) as (typeof ROTATIONS)[number]);
    setWindow(windowOf(kept.downloadWindow));
    setShotMinutes(num(kept.screenshotIntervalMinutes, 0));
  }, [firstId, single?.name]);

  const run = async (
    key: string,
    action: () => Promise<unknown>,
    done = t('sent', { count: ids.length }),
  ) => {
    setBusy(key);
    try {
      await action();
      void message.success(done);
      onSent();
    } catch (err) {
      void message.error(t('failed', { message: terminalErrorText(err) }));
    } finally {
      setBusy(null);
    }
  };
  const display = (key: string, settings: DisplaySettings) =>
    run(key, () => sendDisplaySettings(ids, settings));
  const editable = can(EDITOR);
  const apply = (key: string, onClick: () => void, allowed = editable) => (
    <Button
      onClick={onClick}
      loading={busy === key}
      disabled={!allowed || busy !== null}
      data-testid={`terminal-settings-apply-${key}`}
    >
      {t('apply')}
    </Button>
  );
  const row = (key: string, label: string, control: ReactNode, button: ReactNode) => ({
    key,
    label: <label htmlFor={`terminal-settings-${key}`}>{label}</label>,
    children: (
      <Flex gap={12} align="center" wrap>
        <div style={{ flex: '1 1 240px', minWidth: 200 }}>{control}</div>
        {button}
      </Flex>
    ),
  });
  // The monitor's modals read only the terminals' ids.
  const asTerminals = terminals as unknown as Terminal[];

  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        data-testid="terminal-settings-form"
        items={[
          row(
            'name',
            t('name.label'),
            <Input
              id="terminal-settings-name"
              value={name}
              maxLength={100}
              disabled={!single}
              placeholder={single ? undefined : t('name.onlyOne')}
              onChange={(e) => setName(e.target.value)}
            />,
            apply(
              'name',
              () => void run('name', () => renameTerminal(single!.id, name.trim()), t('name.saved')),
              can(RENAMER) && !!single && name.trim() !== '',
            ),
          ),
          {
            key: 'timeZone',
            label: t('timeZone.label'),
            children: (
              <Button
                disabled={!editable}
                onClick={() => setModal('timeZone')}
                data-testid="terminal-settings-time-zone"
              >
                {t('timeZone.edit')}
              </Button>
            ),
          },
          {
            key: 'power',
            label: t('power.label'),
            children: (
              <Button
                disabled={!editable}
                onClick={() => setModal('power')}
                data-testid="terminal-settings-power"
              >
                {t('power.edit')}
              </Button>
            ),
          },
          row(
            'volume',
            t('volume.label'),
            <div data-testid="terminal-settings-volume">
              <Slider
                id="terminal-settings-volume"
                ariaLabelForHandle={t('volume.label')}
                min={0}
                max={100}
                value={volume}
                onChange={setVolume}
              />
            </div>,
            apply('volume', () => void run('volume', () => sendVolume(ids, volume))),
          ),
          row(
            'brightness',
            t('brightness.label'),
            <div data-testid="terminal-settings-brightness">
              <Slider
                id="terminal-settings-brightness"
                ariaLabelForHandle={t('brightness.label')}
                min={10}
                max={100}
                value={brightness}
                onChange={setBrightness}
              />
            </div>,
            apply('brightness', () => void display('brightness', { brightness })),
          ),
          row(
            'rotation',
            t('rotation.label'),
            <div data-testid="terminal-settings-rotation">
              <Radio.Group
                id="terminal-settings-rotation"
                value={rotation}
                onChange={(e) => setRotation(e.target.value as (typeof ROTATIONS)[number])}
                options={ROTATIONS.map((value) => ({ value, label: t('rotation.degrees', { value }) }))}
              />
            </div>,
            apply('rotation', () => void display('rotation', { rotation })),
          ),
          row(
            'downloadWindow',
            t('downloadWindow.label'),
            <Flex vertical gap={4}>
              <TimePicker.RangePicker
                id="terminal-settings-downloadWindow"
                format="HH:mm"
                order={false}
                value={window}
                onChange={(v) => setWindow(v && v[0] && v[1] ? [v[0], v[1]] : null)}
              />
              <span style={{ fontSize: 12, opacity: 0.7 }}>{t('downloadWindow.hint')}</span>
            </Flex>,
            apply(
              'downloadWindow',
              () =>
                void display('downloadWindow', {
                  downloadWindow: window
                    ? {
                        start: hhmm(window[0].hour(), window[0].minute()),
                        end: hhmm(window[1].hour(), window[1].minute()),
                      }
                    : null,
                }),
            ),
          ),
          row(
            'screenshot',
            t('screenshot.label'),
            <InputNumber
              id="terminal-settings-screenshot"
              min={0}
              max={1440}
              value={shotMinutes}
              onChange={(v) => setShotMinutes(v ?? 0)}
            />,
            apply('screenshot', () => void display('screenshot', { screenshotIntervalMinutes: shotMinutes })),
          ),
        ]}
      />
      {modal === 'timeZone' ? (
        <TimeZoneModal
          terminals={asTerminals}
          onClose={() => setModal(null)}
          onSent={() => {
            setModal(null);
            onSent();
          }}
        />
      ) : null}
      {modal === 'power' ? (
        <PowerScheduleModal
          terminals={asTerminals}
          onClose={() => setModal(null)}
          onSent={() => {
            setModal(null);
            onSent();
          }}
        />
      ) : null}
    </>
  );
}
