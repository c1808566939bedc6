import { formatBytes } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { usePainted } from '../../utils/use-painted';
import { Flex, Progress, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getStorageCapacity } from '../../services/material';
import { usagePercent } from './material-query';

/** Query key of the storage capacity (uploads and deletes invalidate it). */
export const CAPACITY_KEY = ['material', 'capacity'] as const;

/** The tenant's storage use against its quota (or "no quota"), and the per-file upload limit. */
export function CapacityBar() {
  const { t } = useTranslation('materials');
  const painted = usePainted();
  const capacity = useQuery({
    queryKey: CAPACITY_KEY,
    queryFn: ({ signal }) => getStorageCapacity(signal),
    enabled: painted,
  });
  const data = capacity.data;
  if (!data) return capacity.isPending ? <Skeleton.Input active size="small" block /> : null;
  const percent = usagePercent(data.usedBytes, data.quotaBytes);
  return (
    <Flex vertical gap={2} data-testid="material-capacity">
      {percent === null ? (
        <Typography.Text>{t('capacity.noQuota', { used: formatBytes(data.usedBytes) })}</Typography.Text>
      ) : (
        <>
          <Typography.Text>
            {t('capacity.used', {
              used: formatBytes(data.usedBytes),
              quota: formatBytes(data.quotaBytes ?? 0),
              percent,
            })}
            {data.quotaOfficeName ? (
              <Typography.Text type="secondary">
                {' '}
                {t('capacity.quotaOf', { office: data.quotaOfficeName })}
              </Typography.Text>
            ) : null}
          </Typography.Text>
          <Progress
            percent={percent}
            size="small"
            showInfo={false}
            status={percent >= 90 ? 'exception' : 'normal'}
            aria-label={t('capacity.title')}
          />
        </>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('capacity.uploadLimit', { limit: formatBytes(data.uploadLimitBytes) })}
      </Typography.Text>
    </Flex>
  );
}
