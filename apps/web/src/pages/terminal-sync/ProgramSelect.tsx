import type { SyncProgram } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSyncPrograms, syncGroupKeys } from '../../services/sync-groups';
import { useDebounced } from '../../utils/use-debounced';

/** The program a group plays, as the form knows it. */
export interface ChosenProgram {
  id: number;
  name: string;
  width: number;
  height: number;
}

/** Props of {@link ProgramSelect} (a controlled antd Form field). */
export interface ProgramSelectProps {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The program the group plays now (shown before a search finds it). */
  current: ChosenProgram | null;
  /** Told of the chosen program's canvas (the wall preview). */
  onProgram(program: ChosenProgram | null): void;
}

/** Approved programs of the caller's range searched on the server; those waiting for a touch are disabled. */
export function ProgramSelect({ id, value, onChange, current, onProgram }: ProgramSelectProps) {
  const { t } = useTranslation('terminalSync');
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), 300);
  const params = { pageNo: 1, pageSize: 50, keyword: search || undefined };
  const found = useQuery({
    queryKey: [...syncGroupKeys.programs, params],
    queryFn: ({ signal }) => selectSyncPrograms(params, signal),
    placeholderData: keepPreviousData,
  });
  const listed: SyncProgram[] = found.data?.list ?? [];
  const extra = current && !listed.some((p) => p.id === current.id) ? [current] : [];
  const options = [
    ...extra.map((p) => ({ value: p.id, label: p.name, disabled: false })),
    ...listed.map((p) => ({
      value: p.id,
      disabled: !p.syncable,
      label: `${p.name} (${
        p.syncable ? t('cycle', { seconds: Math.round(p.cycleMs / 1000) }) : t('notSyncable')
      })`,
    })),
  ];
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        const chosen = listed.find((p) => p.id === next) ?? (current?.id === next ? current : null);
        onProgram(
          chosen ? { id: chosen.id, name: chosen.name, width: chosen.width, height: chosen.height } : null,
        );
      }}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onBlur={() => setKeyword('')}
      loading={found.isFetching}
      placeholder={t('programHint')}
      notFoundContent={found.isFetching ? undefined : t('noPrograms')}
      options={options}
      data-testid="sync-program"
    />
  );
}
