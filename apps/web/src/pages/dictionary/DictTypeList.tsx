import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Menu, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listDictTypes } from '../../services/dictionary';

/** Props of {@link DictTypeList}. */
export interface DictTypeListProps {
  /** The chosen type; undefined for all types. */
  value?: string;
  onChange(type: string | undefined): void;
}

const ALL = '\u0000all';

/** The dictionary types with their entry counts; choosing one filters the entries table. */
export function DictTypeList({ value, onChange }: DictTypeListProps) {
  const { t } = useTranslation('dictionary');
  const types = useQuery({ queryKey: ['dict', 'types'], queryFn: ({ signal }) => listDictTypes(signal) });
  return (
    <Card title={t('types')} size="small" styles={{ body: { padding: 4 } }} data-testid="dict-types">
      {types.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Menu
          mode="inline"
          style={{ borderInlineEnd: 0 }}
          selectedKeys={[value ?? ALL]}
          onClick={({ key }) => onChange(key === ALL ? undefined : key)}
          items={[
            { key: ALL, label: t('allTypes') },
            ...(types.data ?? []).map((item) => ({
              key: item.type,
              label: (
                <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <Typography.Text ellipsis>{item.type}</Typography.Text>
                  <Badge count={item.count} color="gray" overflowCount={9999} />
                </span>
              ),
            })),
          ]}
        />
      )}
    </Card>
  );
}
