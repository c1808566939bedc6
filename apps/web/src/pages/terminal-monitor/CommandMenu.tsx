import { DownOutlined } from '@ant-design/icons';
import type { Terminal } from '@apm/contract';
import { App, Button, Dropdown, Form, Modal, Slider, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { sendCommand, type ConsoleCommand, type SentCommand } from '../../services/terminal';
import { CommandProgressModal } from './CommandProgressModal';
import { LocationModal } from './LocationModal';
import { PlayMessageModal } from '../messages/TerminalMessagesTab';
import { PlayProgramModal } from './PlayProgramModal';
import { PowerScheduleModal } from './PowerScheduleModal';
import { terminalErrorText } from './terminal-errors';
import { TimeZoneModal } from './TimeZoneModal';
import { UpdateAppModal } from './UpdateAppModal';

/** Commands sent from a form of their own. */
type FormCommand = 'playProgram' | 'playMessage' | 'powerSchedule' | 'timeZone' | 'setLocation' | 'updateApp';
/** An entry of the menu. */
type MenuCommand = ConsoleCommand | FormCommand;

/** Commands of the menu, in order; those that change what plays ask first. */
const COMMANDS: readonly MenuCommand[] = [
  'screenshot',
  'refreshPrograms',
  'playProgram',
  'playMessage',
  'volume',
  'powerSchedule',
  'timeZone',
  'setLocation',
  'reportLocation',
  'reboot',
  'clearPrograms',
  'deleteFiles',
  'updateApp',
];
const CONFIRM: Partial<Record<ConsoleCommand, 'confirmReboot' | 'confirmClear' | 'confirmDeleteFiles'>> = {
  reboot: 'confirmReboot',
  clearPrograms: 'confirmClear',
  deleteFiles: 'confirmDeleteFiles',
};
/** Entries marked as dangerous (the update dialog asks before sending). */
const DANGER: ReadonlySet<MenuCommand> = new Set(['reboot', 'clearPrograms', 'deleteFiles', 'updateApp']);
const FORMS: ReadonlySet<MenuCommand> = new Set([
  'playProgram',
  'playMessage',
  'powerSchedule',
  'timeZone',
  'setLocation',
  'updateApp',
]);

/** Who may send commands from this page (the server also accepts terminal:debug:command). */
const COMMAND_PERMISSION = 'terminal:monitor:command';
/**
 * Stored terminal settings (`terminalSet`, `sendLocationOrder`) need their own permission instead;
 * the other entries need the command permission, as their routes do.
 */
const PERMISSIONS: Partial<Record<MenuCommand, string>> = {
  volume: 'terminal:settings:edit',
  powerSchedule: 'terminal:settings:edit',
  timeZone: 'terminal:settings:edit',
  setLocation: 'terminal:settings:edit',
};
/** Besides its permission, choosing a program needs one of these to list programs (`/a/api/program/list`). */
const PROGRAM_READERS = ['program:make:view', 'review:program:view'];
/** Choosing a message lists messages (`/a/api/publishMessage/list`), which needs one of these. */
const MESSAGE_READERS = ['message:form:view', 'message:list:view', 'review:message:view'];

/** Props of {@link CommandMenu}. */
export interface CommandMenuProps {
  /** The terminals the command goes to (one row, or the selection). */
  terminals: Terminal[];
  /** Smaller link-style trigger for a table row. */
  compact?: boolean;
  /** Called once a command was accepted (the page refreshes its lists). */
  onSent?: () => void;
}

/** "Commands" drop-down: sends a command to terminals, then follows its delivery state. */
export function CommandMenu({ terminals, compact, onSent }: CommandMenuProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const [volumeOpen, setVolumeOpen] = useState(false);
  const [volume, setVolume] = useState(50);
  const [form, setForm] = useState<FormCommand | null>(null);
  const [batch, setBatch] = useState<{ batchId: string; title: string } | null>(null);
  const { can } = useAccess();
  const ids = terminals.map((x) => x.id);
  const trigger = (
    <Button
      type={compact ? 'link' : 'default'}
      size={compact ? 'small' : 'middle'}
      disabled={!ids.length}
      data-testid={compact ? 'terminal-row-commands' : 'terminal-commands'}
    >
      {t('actions.commands')} <DownOutlined />
    </Button>
  );

  /** Tells what was sent and follows its delivery. */
  const sent = (command: MenuCommand, answer: SentCommand) => {
    const title = t(`commands.${command}`);
    void message.success(t('commands.sent', { name: title, count: answer.count }));
    if (answer.batchId) setBatch({ batchId: answer.batchId, title });
    onSent?.();
  };

  const send = async (command: ConsoleCommand, params?: { volume: number }) => {
    try {
      sent(command, await sendCommand(command, ids, params));
    } catch (failure) {
      void message.error(terminalErrorText(failure));
    }
  };

  const allowed = (command: MenuCommand) =>
    can(PERMISSIONS[command] ?? COMMAND_PERMISSION) &&
    (command !== 'playProgram' || PROGRAM_READERS.some((p) => can(p))) &&
    (command !== 'playMessage' || MESSAGE_READERS.some((p) => can(p)));

  const formSent = (command: FormCommand) => (answer: SentCommand) => {
    setForm(null);
    if (command !== 'timeZone') return sent(command, answer);
    // A stored setting, not a command: nothing to follow.
    void message.success(t('timeZone.saved', { count: answer.count }));
    onSent?.();
  };

  const choose = (command: MenuCommand) => {
    if (FORMS.has(command)) {
      setForm(command as FormCommand);
      return;
    }
    if (command === 'volume') {
      const known = terminals.length === 1 ? terminals[0]?.status?.volume : undefined;
      setVolume(known ?? 50);
      setVolumeOpen(true);
      return;
    }
    const question = CONFIRM[command as ConsoleCommand];
    if (!question) {
      void send(command as ConsoleCommand);
      return;
    }
    modal.confirm({
      title: t(`commands.${question}`, { count: ids.length }),
      okText: tc('common.yes'),
      cancelText: tc('common.no'),
      okButtonProps: { danger: true, id: 'terminal-command-confirm' },
      onOk: () => send(command as ConsoleCommand),
    });
  };

  return (
    <>
      {can(COMMAND_PERMISSION) ? (
        <Dropdown
          disabled={!ids.length}
          trigger={['click']}
          menu={{
            items: COMMANDS.map((c) => {
              const permitted = allowed(c);
              const label = <span data-testid={`terminal-command-${c}`}>{t(`commands.${c}`)}</span>;
              return {
                key: c,
                label: permitted ? label : <Tooltip title={tc('access.noPermission')}>{label}</Tooltip>,
                danger: DANGER.has(c),
                disabled: !permitted,
              };
            }),
            onClick: ({ key }) => choose(key as MenuCommand),
          }}
        >
          {trigger}
        </Dropdown>
      ) : (
        <Authorized permission={COMMAND_PERMISSION}>{trigger}</Authorized>
      )}
      {volumeOpen ? (
        <Modal
          open
          title={t('commands.volumeTitle', { count: ids.length })}
          onCancel={() => setVolumeOpen(false)}
          okButtonProps={{ id: 'terminal-volume-ok' }}
          onOk={async () => {
            setVolumeOpen(false);
            await send('volume', { volume });
          }}
          destroyOnHidden
        >
          <Form layout="vertical">
            <Form.Item label={`${t('commands.volumeLabel')}: ${volume}`}>
              <Slider min={0} max={100} value={volume} onChange={setVolume} data-testid="terminal-volume" />
            </Form.Item>
          </Form>
        </Modal>
      ) : null}
      {form === 'playProgram' ? (
        <PlayProgramModal terminalIds={ids} onClose={() => setForm(null)} onSent={formSent(form)} />
      ) : null}
      {form === 'playMessage' ? (
        <PlayMessageModal terminalIds={ids} onClose={() => setForm(null)} onSent={formSent(form)} />
      ) : null}
      {form === 'powerSchedule' ? (
        <PowerScheduleModal terminals={terminals} onClose={() => setForm(null)} onSent={formSent(form)} />
      ) : null}
      {form === 'timeZone' ? (
        <TimeZoneModal terminals={terminals} onClose={() => setForm(null)} onSent={formSent(form)} />
      ) : null}
      {form === 'setLocation' ? (
        <LocationModal terminals={terminals} onClose={() => setForm(null)} onSent={formSent(form)} />
      ) : null}
      {form === 'updateApp' ? (
        <UpdateAppModal terminalIds={ids} onClose={() => setForm(null)} onSent={formSent(form)} />
      ) : null}
      {batch ? (
        <CommandProgressModal batchId={batch.batchId} title={batch.title} onClose={() => setBatch(null)} />
      ) : null}
    </>
  );
}
