import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState, type CSSProperties } from 'react';
import { listTerminals } from '../../services/terminal';
import { useDebounced } from '../../utils/use-debounced';

/** A terminal chosen in the picker. */
export interface PickedTerminal {
  id: number;
  name: string;
}

/** Props of {@link TerminalPicker}. */
export interface TerminalPickerProps {
  id?: string;
  value: PickedTerminal[];
  onChange(value: PickedTerminal[]): void;
  /** Several terminals (settings), or one (info). */
  multiple?: boolean;
  placeholder: string;
  ariaLabel?: string;
  testId?: string;
  style?: CSSProperties;
}

/** Terminals of the caller's range searched by name or device id (`terminal/list`, 50 at a time). */
export function TerminalPicker(props: TerminalPickerProps) {
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const params = { pageNo: 1, pageSize: 50, keyword: search || undefined };
  const found = useQuery({
    queryKey: ['terminalPicker', params],
    queryFn: ({ signal }) => listTerminals(params, signal),
    placeholderData: keepPreviousData,
  });
  const listed = (found.data?.list ?? []).filter((x) => x.state === 'claimed');
  const chosen = props.value.filter((v) => !listed.some((x) => x.id === v.id));
  const options = [...chosen, ...listed].map((x) => ({ value: x.id, label: x.name }));
  const nameOf = (id: number) => options.find((o) => o.value === id)?.label ?? String(id);
  return (
    <Select<number | number[]>
      id={props.id}
      aria-label={props.ariaLabel}
      mode={props.multiple ? 'multiple' : undefined}
      value={props.multiple ? props.value.map((v) => v.id) : (props.value[0]?.id ?? null)}
      onChange={(value) => {
        const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
        props.onChange(ids.map((id) => ({ id, name: nameOf(id) })));
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      allowClear
      loading={found.isFetching}
      placeholder={props.placeholder}
      options={options}
      style={{ minWidth: 320, ...props.style }}
      data-testid={props.testId}
    />
  );
}
