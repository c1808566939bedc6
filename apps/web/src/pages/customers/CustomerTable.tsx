import type { CustomerItem } from '@apm/contract';
import { Form, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import { searchCustomer, type CustomerListParams } from '../../services/customer';

/** Props of {@link CustomerTable}. */
export interface CustomerTableProps {
  /** Extra columns before the actions column. */
  columns: TableColumnsType<CustomerItem>;
  /** The actions of one row. */
  actions(row: CustomerItem): React.ReactNode;
  /** Offer a search by domain name too. */
  searchDomain?: boolean;
  name: string;
}

/** Agents and customers below the caller: server-side search and paging, with page-specific columns. */
export function CustomerTable({ columns, actions, searchDomain, name }: CustomerTableProps) {
  const { t } = useTranslation('customers');
  const { t: tc } = useTranslation();
  const table = useServerTable<CustomerItem, CustomerListParams, { name?: string; domain?: string }>({
    queryKey: ['customer', 'list'],
    fetch: searchCustomer,
  });

  return (
    <>
      <Form
        form={table.form}
        layout="inline"
        name={name}
        onFinish={table.search}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear maxLength={100} data-testid="customer-search-name" />
        </Form.Item>
        {searchDomain ? (
          <Form.Item name="domain" label={t('fields.domainName')}>
            <Input allowClear maxLength={253} />
          </Form.Item>
        ) : null}
        <SearchActions onReset={table.reset} testId="customer-search" />
      </Form>
      <Table<CustomerItem>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 800 }}
        columns={[
          { key: 'name', title: t('fields.name'), dataIndex: 'name' },
          {
            key: 'kind',
            title: t('fields.kind'),
            render: (_, r) => (
              <Tag color={r.kind === 'agent' ? 'blue' : 'green'}>
                {t(`kinds.${r.kind === 'agent' ? 'agent' : 'customer'}`)}
              </Tag>
            ),
          },
          { key: 'parent', title: t('fields.parent'), dataIndex: 'parentName' },
          ...columns,
          { key: 'actions', title: tc('common.actions'), fixed: 'right', render: (_, r) => actions(r) },
        ]}
      />
    </>
  );
}
