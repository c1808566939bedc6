import type { LedgerEntry } from '@apm/contract';
import { Empty, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { useServerTable } from '../../components/admin/use-server-table';
import { listLedger, paymentKeys, type LedgerListParams } from '../../services/payment';
import { useMoney } from './order-format';

/** The ledger: every payment received and refund sent in the caller's scope, paged on the server. */
export function LedgerTable() {
  const { t } = useTranslation('payment');
  const money = useMoney();
  const table = useServerTable<LedgerEntry, LedgerListParams, { kind?: 'payment' | 'refund' }>({
    queryKey: paymentKeys.ledger,
    fetch: listLedger,
  });
  return (
    <>
      <ListFilterBar
        table={table}
        name="ledgerSearch"
        selects={[
          {
            name: 'kind',
            label: t('ledgerKind'),
            width: 200,
            options: (['payment', 'refund'] as const).map((k) => ({
              value: k,
              label: t(`ledgerKinds.${k}`),
            })),
          },
        ]}
        searchTestId="ledger-search"
      />
      <Table<LedgerEntry>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noLedger')} /> }}
        columns={[
          { key: 'ref', title: t('reference'), dataIndex: 'paymentReference' },
          { key: 'kind', title: t('ledgerKind'), render: (_, l) => t(`ledgerKinds.${l.kind}`) },
          {
            key: 'amount',
            title: t('amount'),
            align: 'right',
            render: (_, l) => money(l.amountMinor, l.currency),
          },
          { key: 'date', title: t('valueDate'), dataIndex: 'valueDate' },
          { key: 'by', title: t('recordedBy'), render: (_, l) => l.recordedByName ?? t('byProvider') },
          { key: 'note', title: t('note'), render: (_, l) => l.note ?? '' },
          {
            key: 'at',
            title: t('recordedAt'),
            render: (_, l) => dayjs(l.createdAt).format('YYYY-MM-DD HH:mm'),
          },
        ]}
      />
    </>
  );
}
