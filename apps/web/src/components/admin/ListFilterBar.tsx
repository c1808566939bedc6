import { Form, Input, Select, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchActions } from './SearchActions';

/** The part of {@link useServerTable}'s answer a filter bar drives. */
export interface FilterBarTable<V> {
  form: FormInstance<V>;
  search(values: V): void;
  reset(): void;
}

/** The keyword field of a {@link ListFilterBar}. */
export interface FilterBarKeyword {
  /** The hint inside the field (what the keyword is matched against). */
  placeholder: string;
  /** Longest keyword (default 100, the servers' usual limit). */
  maxLength?: number;
  /** Test id of the input. */
  testId?: string;
}

/** One select filter of a {@link ListFilterBar}. */
export interface FilterBarSelect<V> {
  /** The search form's field (and filter) it sets. */
  name: keyof V & string;
  label: string;
  options: { value: string; label: string }[];
  /** Width in pixels. */
  width: number;
  /** Shown while nothing is chosen (e.g. "All"). */
  placeholder?: string;
  testId?: string;
}

/** Props of {@link ListFilterBar}. */
export interface ListFilterBarProps<V> {
  /** The list's {@link useServerTable} state: the bar is its search form. */
  table: FilterBarTable<V>;
  /** The form's name: its fields' ids are `<name>_<field>` (`#planSearch_keyword`). */
  name: string;
  /** The keyword field (labelled "Keyword"), first in the bar; none when left out. */
  keyword?: FilterBarKeyword;
  /** Select filters after the keyword, each clearable. */
  selects?: readonly FilterBarSelect<V>[];
  /** Further filter fields (`Form.Item`s, an office tree) after the selects. */
  children?: ReactNode;
  /** Test id of the Search button. */
  searchTestId?: string;
}

/**
 * The filter bar above a server-paged admin list: an optional keyword, optional select filters and
 * further fields, then Search and Reset — an inline form wired to {@link useServerTable} (Search and
 * Enter in a field search from the first page, Reset clears the form and its filters).
 */
export function ListFilterBar<V>({
  table,
  name,
  keyword,
  selects = [],
  children,
  searchTestId,
}: ListFilterBarProps<V>) {
  const { t } = useTranslation();
  return (
    <Form<V>
      form={table.form}
      name={name}
      layout="inline"
      onFinish={table.search}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {keyword ? (
        <Form.Item name="keyword" label={t('common.keyword')}>
          <Input
            allowClear
            maxLength={keyword.maxLength ?? 100}
            placeholder={keyword.placeholder}
            data-testid={keyword.testId}
          />
        </Form.Item>
      ) : null}
      {selects.map((select) => (
        <Form.Item key={select.name} name={select.name as string} label={select.label}>
          <Select
            allowClear
            style={{ width: select.width }}
            placeholder={select.placeholder}
            options={select.options}
            data-testid={select.testId}
          />
        </Form.Item>
      ))}
      {children}
      <SearchActions onReset={table.reset} testId={searchTestId} />
    </Form>
  );
}
