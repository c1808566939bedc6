import { PlusOutlined } from '@ant-design/icons';
import type { AlarmRule } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { CellText, TableActions } from '../../components/admin/TableCells';
import { deleteAlarmRule, listAlarmRules } from '../../services/alarm';
import { AlarmRuleModal } from './AlarmRuleModal';

const RULES_KEY = ['alarm', 'rules'] as const;

/** The notification rules of the caller's range: who gets which alarms, how, and how many a day. */
export function AlarmRulesTab() {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: RULES_KEY, queryFn: ({ signal }) => listAlarmRules(signal) });
  const [editing, setEditing] = useState<AlarmRule | null | undefined>(undefined);
  const reload = () => queryClient.invalidateQueries({ queryKey: RULES_KEY });

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="sys:alarm:edit">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="alarm-rule-add"
          >
            {t('rules.add')}
          </Button>
        </Authorized>
      </Flex>
      <Table<AlarmRule>
        rowKey="id"
        size="small"
        tableLayout="fixed"
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        pagination={false}
        locale={{ emptyText: t('rules.empty') }}
        data-testid="alarm-rule-table"
        columns={[
          { key: 'name', title: t('rules.name'), render: (_, r) => <CellText text={r.name} /> },
          {
            key: 'office',
            title: t('rules.office'),
            width: 140,
            render: (_, r) => <CellText text={r.officeName} />,
          },
          {
            key: 'types',
            title: t('rules.types'),
            width: 200,
            render: (_, r) =>
              r.types.length
                ? r.types.map((type) => <Tag key={type}>{t(`types.${type}`)}</Tag>)
                : `${t('rules.allTypes')} ≥ ${t(`severities.${r.minSeverity}`)}`,
          },
          {
            key: 'channel',
            title: t('rules.channel'),
            render: (_, r) => <CellText text={`${t(`rules.channels.${r.channel}`)}: ${r.target}`} />,
          },
          { key: 'limit', title: t('rules.dailyLimit'), width: 90, dataIndex: 'dailyLimit' },
          {
            key: 'enabled',
            title: t('rules.enabled'),
            width: 90,
            render: (_, r) =>
              r.enabled ? <Tag color="green">{tc('common.yes')}</Tag> : <Tag>{tc('common.no')}</Tag>,
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            width: 140,
            render: (_, r) => (
              <TableActions>
                <Authorized permission="sys:alarm:edit">
                  <Button type="link" size="small" onClick={() => setEditing(r)}>
                    {tc('common.edit')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission="sys:alarm:edit"
                  title={t('rules.deleteConfirm', { name: r.name })}
                  onConfirm={async () => {
                    await deleteAlarmRule(r.id);
                    void message.success(t('rules.deleted'));
                    await reload();
                  }}
                >
                  <Button type="link" size="small" danger>
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </TableActions>
            ),
          },
        ]}
      />
      {editing !== undefined ? (
        <AlarmRuleModal
          rule={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void message.success(t('rules.saved'));
            void reload();
          }}
        />
      ) : null}
    </>
  );
}
