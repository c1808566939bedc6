import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorProblem } from './plan-problems';

/** What a form field shows of the problems and the server's errors about it. */
export interface FieldState {
  problems: readonly EditorProblem[];
  /** The server's text for the field after a refused save. */
  server?: string;
}

/** antd's status of a field from its problems. */
export function fieldStatus(state: FieldState): 'error' | 'warning' | undefined {
  if (state.server || state.problems.some((p) => p.severity === 'error')) return 'error';
  return state.problems.length ? 'warning' : undefined;
}

/** A labelled form row whose help lists the field's problems (localised) and the server's text. */
export function FieldRow(props: {
  label: string;
  htmlFor?: string;
  state?: FieldState;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('planMake');
  const state = props.state ?? { problems: [] };
  const notes = [
    ...state.problems.map((p) => problemText(p, t)),
    ...(state.server ? [t('serverRefused', { text: state.server })] : []),
  ];
  return (
    <Form.Item
      label={props.label}
      htmlFor={props.htmlFor}
      validateStatus={fieldStatus(state)}
      help={
        notes.length ? (
          <span data-testid={props.testId && `${props.testId}-help`}>{notes.join(' ')}</span>
        ) : undefined
      }
      extra={props.extra}
      data-testid={props.testId}
    >
      {props.children}
    </Form.Item>
  );
}

type T = ReturnType<typeof useTranslation<'planMake'>>['t'];

/** A problem in the user's language (the library's English detail after it for RRULEs). */
export function problemText(problem: EditorProblem, t: T): string {
  const text = t(`problems.${problem.code}`, { date: problem.date ?? '' });
  return problem.code === 'rrule' ? `${text} (${problem.message})` : text;
}
