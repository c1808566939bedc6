import { RedoOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { PlanDetail } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/IconButton';
import { planKeys } from '../../services/plans';
import { isTypingTarget } from '../program-editor/editor-keys';
import { entryColors } from './entry-colors';
import { EntryForm } from './EntryForm';
import { EntryList } from './EntryList';
import { problemText } from './FieldNote';
import { planErrorText } from './plan-errors';
import { planKeyCommand } from './plan-keys';
import { editorProblems, hasErrors, problemsOf } from './plan-problems';
import { PlanDialogs } from './PlanDialogs';
import { PlaysAt } from './PlaysAt';
import { ProgramSelect } from './ProgramSelect';
import { canRedo, canUndo, selectedEntry } from './state/plan-state';
import { mondayOf } from './state/week-layout';
import type { SnapStep } from './state/window-time';
import { usePlanEditor } from './use-plan-editor';
import { usePlanPrograms } from './use-plan-programs';
import { useTerminalView } from './use-terminal-view';
import { TerminalPreviewBar } from './TerminalPreviewBar';
import { WeekTimeline } from './WeekTimeline';
import { WeekToolbar } from './WeekToolbar';

/** Whether a dialog or drawer is open: the editor's keys then belong to it. */
const overlayOpen = () =>
  Boolean(window.document.querySelector('.ant-modal-wrap:not([style*="display: none"]), .ant-drawer-open'));

/** Props of {@link PlanEditor}. */
export interface PlanEditorProps {
  detail: PlanDetail | null;
  onCreated(id: number): void;
  /** Reads the server's copy again (after a conflict). */
  onOpenTheirs(): void;
}

/** The editor of one plan: name and default program, entries and their form, the week grid, "what plays at". */
export default function PlanEditor({ detail, onCreated, onOpenTheirs }: PlanEditorProps) {
  const { t } = useTranslation('planMake');
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const model = usePlanEditor(detail, onCreated);
  const { state, draft, dispatch } = model;
  const { document } = draft;
  const programs = usePlanPrograms(document, detail);
  const today = dayjs().format('YYYY-MM-DD');
  const [localZone, setTimeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [monday, setMonday] = useState(() => mondayOf(document.entries[0]?.startDate ?? today));
  const [step, setStep] = useState<SnapStep>(15);
  const [at, setAt] = useState(() => dayjs().format('YYYY-MM-DD HH:mm'));
  const view = useTerminalView({ document, planId: model.planId, monday, programs });
  // On a terminal the grid and "what plays at" read its zone (known from its first answer).
  const timeZone = view.zone ?? localZone;
  const remote = view.terminal ? view.preview : null;
  const problems = useMemo(
    () => editorProblems(draft, { timeZone, programMs: programs.programMs }),
    [draft, timeZone, programs.programMs],
  );
  const colors = useMemo(() => entryColors(document.entries), [document.entries]);
  const entry = selectedEntry(state);
  const entryLabel = useCallback(
    (id: string) => {
      const index = document.entries.findIndex((e) => e.id === id);
      return document.entries[index]?.name || t('entryNumber', { number: index + 1 });
    },
    [document.entries, t],
  );

  const save = useCallback(
    async (overwrite = false) => {
      if (hasErrors(problems)) {
        void message.error(t('fixErrors'));
        return;
      }
      const warnings = problems.filter((p) => p.severity === 'warning');
      if (warnings.length && !overwrite) {
        const ok = await modal.confirm({
          title: t('warningsTitle'),
          content: (
            <ul data-testid="plan-save-warnings">
              {warnings.map((p, i) => (
                <li key={i}>{`${p.entryId ? `${entryLabel(p.entryId)}: ` : ''}${problemText(p, t)}`}</li>
              ))}
            </ul>
          ),
          okText: t('saveAnyway'),
          cancelText: t('keepEditing'),
        });
        if (!ok) return;
      }
      const result = await model.save(overwrite);
      if (result === 'saved') {
        void message.success(t('saved'));
        void queryClient.invalidateQueries({ queryKey: [...planKeys.all, 'list'] });
      } else if (result === 'invalid') void message.error(t('saveRefused'));
    },
    [problems, message, modal, t, model, entryLabel, queryClient],
  );

  useEffect(() => {
    if (model.saveError) void message.error(planErrorText(model.saveError));
  }, [model.saveError, message]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (overlayOpen()) return;
      const command = planKeyCommand(event, state.selectedId, isTypingTarget(event.target));
      if (!command) return;
      event.preventDefault();
      if ('action' in command) dispatch(command.action);
      else void save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, save, state.selectedId]);

  useEffect(() => {
    if (state.lastCopySkipped.length)
      void message.warning(t('copySkipped', { entries: state.lastCopySkipped.map(entryLabel).join(', ') }));
  }, [state.lastCopySkipped, message, t, entryLabel]);

  const planProblems = problemsOf(problems, null).filter((p) => p.code !== 'exclusiveOverlap');
  const serverPlan = model.fieldErrors[''];
  return (
    <div className="apm-plan" data-testid="plan-make">
      <Flex gap={12} align="flex-end" wrap className="apm-plan-header">
        <div className="apm-plan-header-field">
          <label htmlFor="plan-name">{t('planName')}</label>
          <Input
            id="plan-name"
            value={draft.name}
            maxLength={100}
            status={!draft.name.trim() || serverPlan?.name ? 'error' : undefined}
            placeholder={t('planNameHint')}
            onChange={(e) => dispatch({ type: 'setName', name: e.target.value })}
            data-testid="plan-name"
          />
        </div>
        <div className="apm-plan-header-field">
          <label htmlFor="plan-default-program">{t('defaultProgram')}</label>
          <ProgramSelect
            id="plan-default-program"
            label={t('defaultProgram')}
            value={document.defaultProgramId}
            valueName={programs.nameOf(document.defaultProgramId)}
            allowClear
            onChange={(programId) => dispatch({ type: 'setDefaultProgram', programId })}
            testId="plan-default-program"
          />
        </div>
        <Flex gap={4} align="center">
          <IconButton
            title={t('undo')}
            icon={<UndoOutlined />}
            disabled={!canUndo(state.history)}
            onClick={() => dispatch({ type: 'undo' })}
            testId="plan-undo"
          />
          <IconButton
            title={t('redo')}
            icon={<RedoOutlined />}
            disabled={!canRedo(state.history)}
            onClick={() => dispatch({ type: 'redo' })}
            testId="plan-redo"
          />
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={model.saving}
            onClick={() => void save()}
            data-testid="plan-save"
          >
            {t('save')}
          </Button>
          <Tag color={model.dirty ? 'orange' : 'green'} data-testid="plan-status">
            {model.dirty
              ? t('unsaved')
              : model.planId
                ? t('savedRevision', { revision: model.baseRevision ?? 1 })
                : t('newPlan')}
          </Tag>
        </Flex>
      </Flex>
      {planProblems.length || hasErrors(problems) ? (
        <Alert
          type={hasErrors(problems) ? 'error' : 'warning'}
          showIcon
          role="status"
          title={hasErrors(problems) ? t('errorsBlockSave') : t('warningsOnly')}
          description={planProblems.map((p) => problemText(p, t)).join(' ')}
          style={{ marginBottom: 12 }}
          data-testid="plan-problems"
        />
      ) : null}
      <div className="apm-plan-top">
        <div className="apm-plan-list">
          <EntryList
            entries={document.entries}
            selectedId={state.selectedId}
            colors={colors}
            problems={problems}
            nameOf={programs.nameOf}
            dispatch={dispatch}
            today={today}
          />
        </div>
        <section className="apm-plan-entry-editor" aria-label={t('entryForm')}>
          {entry ? (
            <EntryForm
              key={entry.id}
              entry={entry}
              problems={problems}
              fieldErrors={model.fieldErrors}
              nameOf={programs.nameOf}
              onChange={(patch, mergeKey) => dispatch({ type: 'updateEntry', id: entry.id, patch, mergeKey })}
            />
          ) : (
            <Empty description={document.entries.length ? t('selectEntry') : t('noEntriesHint')} />
          )}
        </section>
      </div>
      <section className="apm-plan-bottom" aria-labelledby="plan-week-title">
        <Typography.Title level={2} id="plan-week-title" style={{ fontSize: 16 }}>
          {t('weekTitle')}
        </Typography.Title>
        {view.canChoose ? (
          <TerminalPreviewBar
            terminal={view.terminal}
            onTerminal={view.setTerminal}
            planId={model.planId}
            preview={view.preview}
          />
        ) : null}
        <WeekToolbar
          monday={monday}
          onMonday={setMonday}
          onToday={() => setMonday(mondayOf(today))}
          timeZone={timeZone}
          onTimeZone={setTimeZone}
          zoneLocked={!!view.terminal}
          step={step}
          onStep={setStep}
          onCopyDay={(from, to) => dispatch({ type: 'copyDay', from, to })}
        />
        <Flex gap={16} wrap align="flex-start">
          <div style={{ flex: '3 1 560px', minWidth: 0 }}>
            {remote && !remote.segments ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (
              <WeekTimeline
                document={document}
                planId={model.planId}
                programs={programs}
                timeZone={timeZone}
                monday={monday}
                today={today}
                step={step}
                selectedId={state.selectedId}
                colors={colors}
                entryLabel={entryLabel}
                dispatch={dispatch}
                onPickTime={(date, minutes) =>
                  setAt(
                    `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
                  )
                }
                segments={remote?.segments ?? undefined}
                otherLabel={view.otherLabel}
                programName={view.programName}
              />
            )}
          </div>
          <div style={{ flex: '1 1 260px', minWidth: 240 }}>
            <PlaysAt
              document={document}
              planId={model.planId}
              programs={programs}
              timeZone={timeZone}
              at={at}
              onAtChange={setAt}
              entryLabel={entryLabel}
              remote={view.terminal && remote ? { terminalId: view.terminal.id, week: remote } : null}
              otherLabel={view.otherLabel}
              programName={view.programName}
            />
          </div>
        </Flex>
      </section>
      <PlanDialogs model={model} onOpenTheirs={onOpenTheirs} onOverwrite={() => void save(true)} />
    </div>
  );
}
