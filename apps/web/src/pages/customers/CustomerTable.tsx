import type { CustomerItem } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [search] = Form.useForm<{ name?: string; domain?: string }>();
  const [params, setParams] = useState<CustomerListParams>({ pageNo: 1, pageSize: 10 });
  const list = useQuery({
    queryKey: ['customer', 'list', params],
    queryFn: ({ signal }) => searchCustomer(params, signal),
    placeholderData: keepPreviousData,
  });
  const onSearch = (v: { name?: string; domain?: string }) =>
    setParams((p) => ({
      ...p,
      pageNo: 1,
      name: v.name?.trim() || undefined,
      domain: v.domain?.trim() || undefined,
    }));

  return (
    <>
      <Form
        form={search}
        layout="inline"
        name={name}
        onFinish={onSearch}
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
        <Space>
          <Button type="primary" htmlType="submit" data-testid="customer-search">
            {tc('common.search')}
          </Button>
          <Button
            onClick={() => {
              search.resetFields();
              onSearch({});
            }}
          >
            {tc('common.reset')}
          </Button>
        </Space>
      </Form>
      <Table<CustomerItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: tc('common.emptyList') }}
        scroll={{ x: 800 }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
        }}
        onChange={(p) =>
          setParams((prev) => ({ ...prev, pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 }))
        }
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
