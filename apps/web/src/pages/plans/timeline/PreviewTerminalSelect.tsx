import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/use-access';
import { planKeys, selectPlanTerminals } from '../../../services/plans';
import { useDebounced } from '../../../utils/use-debounced';

/** Whether the signed-in user may list the terminals of their scope (`playPlan/terminalSelect`). */
export function useCanChooseTerminal(): boolean {
  const { can } = useAccess();
  return can('plan:list:publish') || can('publish:terminalSelection:view');
}

/** A terminal chosen to read a plan on. */
export interface ChosenTerminal {
  id: number;
  name: string;
}

/** Props of {@link PreviewTerminalSelect}. */
export interface PreviewTerminalSelectProps {
  id: string;
  /** The chosen terminal; null: read here (`localLabel`). */
  value: ChosenTerminal | null;
  onChange(terminal: ChosenTerminal | null): void;
  /** The first choice: reading the plan without a terminal (e.g. in the browser's zone). */
  localLabel: string;
  /** How a terminal reads in the list (default: "The time zone of terminal …"). */
  terminalLabel?(name: string): string;
  /** Marks the terminals this plan is published to (`terminalSelect`'s `planId`). */
  planId?: number;
  testId?: string;
  style?: CSSProperties;
  /** Accessible name when no visible label points at `id`. */
  ariaLabel?: string;
}

/** "Local" in the choice (terminals are their ids). */
const LOCAL = 0;

/**
 * Where to read a plan: here, or on one of the user's terminals (in its zone, with its other plans),
 * searched by name (`terminalSelect`, 50 at a time). Render it only when {@link useCanChooseTerminal}.
 */
export function PreviewTerminalSelect(props: PreviewTerminalSelectProps) {
  const { t } = useTranslation('planTimeline');
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const params = { pageNo: 1, pageSize: 50, keyword: search || undefined, planId: props.planId };
  const terminals = useQuery({
    queryKey: planKeys.terminals(params),
    queryFn: ({ signal }) => selectPlanTerminals(params, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const label = props.terminalLabel ?? ((name: string) => t('terminalZone', { name }));
  const listed = terminals.data?.list ?? [];
  // The chosen terminal stays named when a later search leaves it out of the list.
  const choices =
    props.value && !listed.some((x) => x.id === props.value!.id) ? [props.value, ...listed] : listed;
  return (
    <Select
      id={props.id}
      aria-label={props.ariaLabel}
      value={props.value?.id ?? LOCAL}
      onChange={(value: number) => {
        const found = choices.find((x) => x.id === value);
        props.onChange(value === LOCAL || !found ? null : { id: found.id, name: found.name });
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={terminals.isFetching}
      options={[
        { value: LOCAL, label: props.localLabel },
        ...choices.map((x) => ({ value: x.id, label: label(x.name) })),
      ]}
      style={props.style}
      data-testid={props.testId}
    />
  );
}
