import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listPrograms } from '../../services/program';
import { playProgram, type SentCommand } from '../../services/terminal';
import { useDebounced } from '../../utils/use-debounced';
import { CommandDialog } from './CommandDialog';

/** Programs offered at once; typing searches the server for more. */
const PROGRAM_PAGE = 50;

interface PlayValues {
  programId: number;
}

/** Props of {@link PlayProgramModal}. */
export interface PlayProgramModalProps {
  terminalIds: readonly number[];
  onClose(): void;
  onSent(sent: SentCommand): void;
}

/** "Play program now": chooses an approved program of the caller's range and sends `playProgram`. */
export function PlayProgramModal({ terminalIds, onClose, onSent }: PlayProgramModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<PlayValues>();
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), 300);
  const programs = useQuery({
    queryKey: ['terminal', 'playable-programs', keyword],
    queryFn: ({ signal }) =>
      listPrograms(
        {
          pageNo: 1,
          pageSize: PROGRAM_PAGE,
          keyword: keyword || undefined,
          reviewState: 'approved',
          sortField: 'name',
          sortOrder: 'asc',
        },
        signal,
      ),
    staleTime: 30_000,
  });
  const label = t('play.program');

  return (
    <CommandDialog<PlayValues>
      id="play"
      title={t('play.title', { count: terminalIds.length })}
      form={form}
      send={(values) => playProgram(terminalIds, values.programId)}
      onClose={onClose}
      onSent={onSent}
    >
      <Form.Item
        name="programId"
        label={label}
        extra={t('play.hint')}
        rules={[{ required: true, message: tc('common.requiredSelect', { field: label }) }]}
      >
        <Select<number>
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t('play.search')}
          loading={programs.isFetching}
          notFoundContent={programs.isFetching ? null : t('play.none')}
          options={(programs.data?.list ?? []).map((p) => ({
            value: p.id,
            label: `${p.name} (${p.officeName})`,
          }))}
          data-testid="terminal-play-program"
        />
      </Form.Item>
    </CommandDialog>
  );
}
