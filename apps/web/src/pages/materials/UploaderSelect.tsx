import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { listUsers } from '../../services/user-admin';
import { useDebounced } from '../../utils/use-debounced';

/** Props of {@link UploaderSelect}. */
export interface UploaderSelectProps {
  value?: number;
  onChange(id: number | undefined): void;
}

/**
 * Chooses an uploader among the users the caller may see (the user list, searched on the server
 * as one types, first fetched when the list opens). Without the right to see users it is not shown.
 */
export function UploaderSelect({ value, onChange }: UploaderSelectProps) {
  const { t } = useTranslation('materials');
  const { can } = useAccess();
  const [search, setSearch] = useState('');
  // Users are fetched when the list is first opened (or a value needs its label), not with the page.
  const [opened, setOpened] = useState(false);
  const name = useDebounced(search.trim(), 300);
  const allowed = can('sys:user:view');
  const users = useQuery({
    queryKey: ['material', 'uploaders', name],
    queryFn: ({ signal }) => listUsers({ pageNo: 1, pageSize: 50, name: name || undefined }, signal),
    enabled: allowed && (opened || value !== undefined),
    staleTime: 60_000,
  });
  if (!allowed) return null;
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ width: 160 }}
      placeholder={t('filters.uploader')}
      aria-label={t('filters.uploader')}
      loading={users.isFetching}
      onOpenChange={(open) => open && setOpened(true)}
      value={value}
      onChange={(id) => onChange(id ?? undefined)}
      options={(users.data?.list ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }))}
      data-testid="material-filter-uploader"
    />
  );
}
