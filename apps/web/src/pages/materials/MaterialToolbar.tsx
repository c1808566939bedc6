import {
  AppstoreOutlined,
  DeleteOutlined,
  DragOutlined,
  SearchOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  MATERIAL_KIND_VALUES,
  PROCESS_STATE_VALUES,
  REVIEW_STATE_VALUES,
  type MaterialSortField,
} from '@apm/contract';
import { Button, Flex, Input, Segmented, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { LazyDateRangeFilter } from './LazyDateRangeFilter';
import type { MaterialFilterValues, MaterialSort, MaterialView } from './material-query';
import { UploaderSelect } from './UploaderSelect';

/** Sort choices of the toolbar, as `field:order`. */
const SORTS = [
  ['createdAt', 'desc', 'newest'],
  ['createdAt', 'asc', 'oldest'],
  ['name', 'asc', 'nameAsc'],
  ['name', 'desc', 'nameDesc'],
  ['size', 'desc', 'largest'],
  ['size', 'asc', 'smallest'],
  ['kind', 'asc', 'kind'],
] as const satisfies readonly (readonly [MaterialSortField, 'asc' | 'desc', string])[];

/** Props of {@link MaterialToolbar}. */
export interface MaterialToolbarProps {
  keyword: string;
  onKeywordChange(keyword: string): void;
  /** Enter in the search box: search at once. */
  onKeywordSubmit(): void;
  filters: MaterialFilterValues;
  onFiltersChange(filters: MaterialFilterValues): void;
  sort: MaterialSort;
  onSortChange(sort: MaterialSort): void;
  view: MaterialView;
  onViewChange(view: MaterialView): void;
  selectedCount: number;
  onBulkMove(): void;
  onBulkDelete(): void;
}

/** Search, filters (kind, review, processing, uploader, dates), sort, view switch and bulk actions. */
export function MaterialToolbar(props: MaterialToolbarProps) {
  const { t } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const { filters, onFiltersChange } = props;
  const set = (patch: Partial<MaterialFilterValues>) => onFiltersChange({ ...filters, ...patch });
  const sortValue =
    props.sort.field && props.sort.order ? `${props.sort.field}:${props.sort.order}` : undefined;
  return (
    <Flex vertical gap={8} data-testid="material-toolbar">
      <Flex wrap gap={8} align="center">
        <Input
          allowClear
          prefix={<SearchOutlined />}
          style={{ width: 220 }}
          maxLength={200}
          placeholder={t('filters.keyword')}
          aria-label={t('filters.keyword')}
          value={props.keyword}
          onChange={(e) => props.onKeywordChange(e.target.value)}
          onPressEnter={props.onKeywordSubmit}
          data-testid="material-search"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('filters.kind')}
          aria-label={t('filters.kind')}
          value={filters.kind}
          onChange={(kind) => set({ kind })}
          options={MATERIAL_KIND_VALUES.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          data-testid="material-filter-kind"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('filters.reviewState')}
          aria-label={t('filters.reviewState')}
          value={filters.reviewState}
          onChange={(reviewState) => set({ reviewState })}
          options={REVIEW_STATE_VALUES.map((s) => ({ value: s, label: t(`reviewStates.${s}`) }))}
          data-testid="material-filter-review"
        />
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('filters.processState')}
          aria-label={t('filters.processState')}
          value={filters.processState}
          onChange={(processState) => set({ processState })}
          options={PROCESS_STATE_VALUES.map((s) => ({ value: s, label: t(`processStates.${s}`) }))}
          data-testid="material-filter-process"
        />
        <UploaderSelect value={filters.createdBy} onChange={(createdBy) => set({ createdBy })} />
        <LazyDateRangeFilter
          value={filters.range ?? null}
          onChange={(range) => set({ range })}
          label={t('filters.date')}
          width={250}
        />
        <Button
          onClick={() => {
            props.onKeywordChange('');
            onFiltersChange({});
          }}
          data-testid="material-filter-reset"
        >
          {tc('common.reset')}
        </Button>
      </Flex>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Space wrap>
          <Select
            style={{ width: 170 }}
            aria-label={t('sort.label')}
            placeholder={t('sort.label')}
            value={sortValue}
            onChange={(value: string) => {
              const [field, order] = value.split(':') as [MaterialSortField, 'asc' | 'desc'];
              props.onSortChange({ field, order });
            }}
            options={SORTS.map(([field, order, label]) => ({
              value: `${field}:${order}`,
              label: t(`sort.${label}`),
            }))}
            data-testid="material-sort"
          />
          <Segmented<MaterialView>
            value={props.view}
            onChange={props.onViewChange}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: t('view.grid') },
              { value: 'list', icon: <UnorderedListOutlined />, label: t('view.list') },
            ]}
            data-testid="material-view"
          />
        </Space>
        <Space wrap>
          {props.selectedCount ? (
            <span data-testid="material-selected-count">
              {t('bulk.selected', { count: props.selectedCount })}
            </span>
          ) : null}
          <Authorized permission="res:material:edit">
            <Button
              icon={<DragOutlined />}
              disabled={!props.selectedCount}
              onClick={props.onBulkMove}
              data-testid="material-bulk-move"
            >
              {t('bulk.move')}
            </Button>
          </Authorized>
          <Authorized permission="res:material:delete">
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={!props.selectedCount}
              onClick={props.onBulkDelete}
              data-testid="material-bulk-delete"
            >
              {t('bulk.delete')}
            </Button>
          </Authorized>
        </Space>
      </Flex>
    </Flex>
  );
}
