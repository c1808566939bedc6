import type { StatsOption, StatsOptionKind } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStatsOptions, statisticsKeys } from '../../services/statistics';
import { useDebounced } from '../../utils/use-debounced';

/** Options one search shows (the server answers whether more match). */
const OPTIONS_SHOWN = 20;

/** Props of {@link StatsOptionSelect}. */
export interface StatsOptionSelectProps {
  kind: StatsOptionKind;
  value?: number;
  onChange(id?: number): void;
  placeholder: string;
  ariaLabel: string;
  /** Only what lies in this office and below (terminals). */
  officeId?: number;
  width?: number;
  testId?: string;
}

/**
 * A searchable select of the terminals, programs, materials or plans of the caller's range, read from
 * the statistics options (`stats:view` is enough): searched on the server as the user types, at most
 * {@link OPTIONS_SHOWN} shown with a hint to narrow the search when more match.
 */
export function StatsOptionSelect(props: StatsOptionSelectProps) {
  const { t } = useTranslation('statistics');
  const { token } = theme.useToken();
  const [keyword, setKeyword] = useState('');
  // The chosen option stays labelled when a later search no longer lists it.
  const [chosen, setChosen] = useState<StatsOption | null>(null);
  const search = useDebounced(keyword.trim(), 250);
  const params = {
    limit: OPTIONS_SHOWN,
    ...(search ? { keyword: search } : {}),
    ...(props.officeId !== undefined ? { officeId: props.officeId } : {}),
  };
  const options = useQuery({
    queryKey: statisticsKeys.of(`options/${props.kind}`, params),
    queryFn: ({ signal }) => getStatsOptions(props.kind, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  const list = options.data?.list ?? [];
  const shown =
    chosen && chosen.id === props.value && !list.some((o) => o.id === chosen.id) ? [chosen, ...list] : list;
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      style={{ width: props.width ?? 200 }}
      value={props.value}
      onChange={(id?: number) => {
        setChosen(shown.find((o) => o.id === id) ?? null);
        props.onChange(id);
      }}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
      placeholder={props.placeholder}
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      loading={options.isFetching}
      notFoundContent={options.isError ? t('options.failed') : options.isFetching ? null : t('options.none')}
      options={shown.map((o) => ({ value: o.id, label: o.name }))}
      popupRender={(menu) => (
        <>
          {menu}
          {options.data?.more ? (
            <div role="note" style={{ padding: '4px 12px', color: token.colorTextSecondary }}>
              {t('options.more', { count: OPTIONS_SHOWN })}
            </div>
          ) : null}
        </>
      )}
    />
  );
}
