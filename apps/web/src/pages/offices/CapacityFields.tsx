import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';

/** Values of {@link CapacityFields}; empty means no quota of its own. */
export interface CapacityValues {
  storageQuotaMb?: number | null;
  terminalQuota?: number | null;
}

/** Storage (MiB) and terminal quota inputs; empty means no quota of its own. */
export function CapacityFields() {
  const { t } = useTranslation('offices');
  return (
    <>
      <Form.Item name="storageQuotaMb" label={t('fields.storageQuotaMb')} extra={t('capacityHint')}>
        <InputNumber
          min={0}
          max={1_073_741_824}
          precision={0}
          style={{ width: 220 }}
          placeholder={t('unlimited')}
        />
      </Form.Item>
      <Form.Item name="terminalQuota" label={t('fields.terminalQuota')}>
        <InputNumber
          min={0}
          max={10_000_000}
          precision={0}
          style={{ width: 220 }}
          placeholder={t('unlimited')}
        />
      </Form.Item>
    </>
  );
}
