import { SYNC_GRID_MAX, SYNC_NAME_MAX, type SyncGroupDetail } from '@apm/contract';
import { App, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { serverFieldErrors } from '../../services/request';
import { saveSyncGroup } from '../../services/sync-groups';
import { TerminalPicker } from '../terminal-info/TerminalPicker';
import { ProgramSelect, type ChosenProgram } from './ProgramSelect';
import { WallGrid } from './WallGrid';
import { syncErrorText } from './sync-errors';
import {
  bodyOf,
  fitTiles,
  formFieldOf,
  formValuesOf,
  membersProblem,
  tileKey,
  type ChosenTerminal,
  type SyncFormValues,
} from './sync-form';

/** Props of {@link SyncGroupFormModal}: `group` edits it, `null` creates one. */
export interface SyncGroupFormModalProps {
  group: SyncGroupDetail | null;
  onClose(): void;
  onSaved(saved: SyncGroupDetail): void;
}

/** Chooses, for each tile of the wall, one of the chosen terminals (a controlled antd Form field). */
function TilesField(props: {
  value?: SyncFormValues['tiles'];
  onChange?: (tiles: SyncFormValues['tiles']) => void;
  terminals: ChosenTerminal[];
  columns: number;
  rows: number;
  canvas: ChosenProgram | null;
}) {
  const { t } = useTranslation('terminalSync');
  const tiles = props.value ?? {};
  const options = props.terminals.map((x) => ({ value: x.id, label: x.name }));
  return (
    <WallGrid
      columns={props.columns}
      rows={props.rows}
      canvas={props.canvas}
      testId="sync-wall-grid"
      renderTile={(column, row) => {
        const label = t('tileLabel', { column: column + 1, row: row + 1 });
        return (
          <Select<number>
            size="small"
            allowClear
            aria-label={label}
            placeholder={t('emptyTile')}
            value={tiles[tileKey(column, row)]}
            options={options}
            onChange={(id) => {
              const next = { ...tiles };
              // A terminal shows one tile: choosing it here empties the tile it had.
              for (const [key, held] of Object.entries(next)) if (held === id) delete next[key];
              if (id === undefined) delete next[tileKey(column, row)];
              else next[tileKey(column, row)] = id;
              props.onChange?.(next);
            }}
            data-testid={`sync-tile-${column}-${row}`}
          />
        );
      }}
    />
  );
}

/** Create/edit dialog of a sync group: name, mode, program, terminals and, for a wall, its grid and tiles. */
export function SyncGroupFormModal({ group, onClose, onSaved }: SyncGroupFormModalProps) {
  const { t } = useTranslation('terminalSync');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SyncFormValues>();
  const current =
    group?.programId && group.programName
      ? {
          id: group.programId,
          name: group.programName,
          width: group.programWidth ?? 1920,
          height: group.programHeight ?? 1080,
        }
      : null;
  const [program, setProgram] = useState<ChosenProgram | null>(current);
  const mode = Form.useWatch('mode', form) ?? group?.mode ?? 'wall';
  const terminals = Form.useWatch('terminals', form);
  const columns = Form.useWatch('columns', form);
  const rows = Form.useWatch('rows', form);

  // Tiles follow the grid and the chosen terminals: kept where they still fit, new ones placed in free tiles.
  useEffect(() => {
    if (mode !== 'wall' || !terminals || !columns || !rows) return;
    const tiles = form.getFieldValue('tiles') as SyncFormValues['tiles'];
    const fitted = fitTiles(
      tiles ?? {},
      columns,
      rows,
      terminals.map((x) => x.id),
    );
    if (JSON.stringify(fitted) !== JSON.stringify(tiles)) form.setFieldValue('tiles', fitted);
  }, [form, mode, terminals, columns, rows]);

  const nameOf = (id: number) =>
    (form.getFieldValue('terminals') as ChosenTerminal[] | undefined)?.find((x) => x.id === id)?.name;

  const save = async (values: SyncFormValues) => {
    const saved = await saveSyncGroup(bodyOf(values, group?.id));
    void message.success(t('saved'));
    onSaved(saved);
  };

  const describeFailure = (failure: unknown) => {
    const text = syncErrorText(failure, nameOf);
    const marks = Object.keys(serverFieldErrors(failure)).flatMap((key) => {
      const field = formFieldOf(key);
      return field ? [{ name: field, errors: [text] }] : [];
    });
    if (marks.length) form.setFields(marks);
    return text;
  };

  const problemRule = (field: 'terminals' | 'tiles') => ({
    validator: () => {
      const problem = membersProblem(form.getFieldsValue(true) as SyncFormValues);
      return problem && problem.field === field
        ? Promise.reject(new Error(t(`problems.${problem.key}`, { count: problem.count ?? 0 })))
        : Promise.resolve();
    },
  });

  const gridNumber = (name: 'columns' | 'rows') => (
    <Form.Item
      name={name}
      label={t(name)}
      rules={[{ required: true, message: tc('common.required', { field: t(name) }) }]}
    >
      <InputNumber min={1} max={SYNC_GRID_MAX} precision={0} data-testid={`sync-${name}`} />
    </Form.Item>
  );

  return (
    <FormModal<SyncFormValues>
      title={group ? t('editTitle', { name: group.name }) : t('createTitle')}
      form={form}
      name="syncGroup"
      initialValues={formValuesOf(group)}
      saveButtonId="sync-save"
      width={860}
      onSave={save}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: tc('common.required', { field: t('name') }) },
          { max: SYNC_NAME_MAX, message: tc('common.tooLong', { field: t('name'), max: SYNC_NAME_MAX }) },
        ]}
      >
        <Input autoFocus maxLength={SYNC_NAME_MAX} data-testid="sync-name" />
      </Form.Item>
      <Form.Item name="mode" label={t('mode')} extra={t(`modeHints.${mode}`)}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'wall', label: t('modes.wall') },
            { value: 'mirror', label: t('modes.mirror') },
          ]}
          data-testid="sync-mode"
        />
      </Form.Item>
      <Form.Item
        name="programId"
        label={t('program')}
        rules={[{ required: true, message: tc('common.required', { field: t('program') }) }]}
      >
        <ProgramSelect current={current} onProgram={setProgram} />
      </Form.Item>
      <Form.Item
        name="terminals"
        label={t('terminals')}
        rules={[problemRule('terminals')]}
        getValueFromEvent={(value: ChosenTerminal[]) => value}
      >
        <TerminalPickerField placeholder={t('terminalsHint')} />
      </Form.Item>
      {mode === 'wall' ? (
        <>
          <Flex gap={16} align="end">
            {gridNumber('columns')}
            {gridNumber('rows')}
          </Flex>
          <Form.Item
            name="tiles"
            label={t('tiles')}
            extra={t('tilesHint')}
            dependencies={['terminals', 'columns', 'rows']}
            rules={[problemRule('tiles')]}
          >
            <TilesField
              terminals={terminals ?? []}
              columns={columns || 1}
              rows={rows || 1}
              canvas={program}
            />
          </Form.Item>
        </>
      ) : null}
      {program ? (
        <Typography.Text type="secondary">
          {program.name}: {program.width} × {program.height} px
        </Typography.Text>
      ) : null}
    </FormModal>
  );
}

/** The terminal picker of terminal info as a form field (its value: the chosen terminals). */
function TerminalPickerField(props: {
  id?: string;
  value?: ChosenTerminal[];
  onChange?: (value: ChosenTerminal[]) => void;
  placeholder: string;
}) {
  return (
    <TerminalPicker
      id={props.id}
      multiple
      value={props.value ?? []}
      onChange={(value) => props.onChange?.(value)}
      placeholder={props.placeholder}
      ariaLabel={props.placeholder}
      testId="sync-terminals"
      style={{ width: '100%' }}
    />
  );
}
