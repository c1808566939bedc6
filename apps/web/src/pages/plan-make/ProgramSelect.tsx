import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPrograms } from '../../services/program';
import { useDebounced } from '../../utils/use-debounced';

/** Props of {@link ProgramSelect}. */
export interface ProgramSelectProps {
  value: number | null;
  onChange(id: number | null): void;
  /** Name of the chosen program (it may not be on the first page of the list). */
  valueName?: string;
  /** Accessible name. */
  label: string;
  allowClear?: boolean;
  status?: 'error' | 'warning';
  id?: string;
  testId?: string;
}

/** A program picker: searches the program list by name on the server. */
export function ProgramSelect(props: ProgramSelectProps) {
  const { t } = useTranslation('planMake');
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword, 250);
  const query = useQuery({
    queryKey: ['program', 'list', { pageNo: 1, pageSize: 50, keyword: search, purpose: 'planMake' }],
    queryFn: ({ signal }) =>
      listPrograms(
        { pageNo: 1, pageSize: 50, keyword: search || undefined, sortField: 'name', sortOrder: 'asc' },
        signal,
      ),
    staleTime: 30_000,
  });
  const options = (query.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.valueName ?? `#${props.value}` });
  return (
    <Select<number>
      id={props.id}
      aria-label={props.label}
      data-testid={props.testId}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange(v ?? null)}
      onClear={() => props.onChange(null)}
      allowClear={props.allowClear}
      placeholder={t('chooseProgram')}
      notFoundContent={query.isError ? t('programsFailed') : t('noPrograms')}
      loading={query.isFetching}
      options={options}
      status={props.status}
      style={{ minWidth: 200, width: '100%' }}
    />
  );
}
