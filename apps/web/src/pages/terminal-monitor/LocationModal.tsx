import type { Terminal } from '@apm/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendLocation, type SentCommand } from '../../services/terminal';
import { CommandDialog } from './CommandDialog';
import { ADDRESS_MAX, locationParamsOf, type LocationValues } from './command-forms';

/** Props of {@link LocationModal}. */
export interface LocationModalProps {
  terminals: readonly Terminal[];
  onClose(): void;
  onSent(sent: SentCommand): void;
}

/** "Set location": latitude, longitude and an optional address (`sendLocationOrder`), one terminal's prefilled. */
export function LocationModal({ terminals, onClose, onSent }: LocationModalProps) {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<LocationValues>();
  const single = terminals.length === 1 ? terminals[0] : undefined;
  const coordinate = (key: 'latitude' | 'longitude', limit: number) => {
    const field = t(`location.${key}`);
    return (
      <Form.Item
        name={key}
        label={field}
        rules={[
          { required: true, message: tc('common.required', { field }) },
          {
            type: 'number',
            min: -limit,
            max: limit,
            message: t('location.range', { field, min: -limit, max: limit }),
          },
        ]}
      >
        <InputNumber<number>
          style={{ width: '100%' }}
          step={0.000001}
          data-testid={`terminal-location-${key}`}
        />
      </Form.Item>
    );
  };

  return (
    <CommandDialog<LocationValues>
      id="location"
      title={t('location.title', { count: terminals.length })}
      form={form}
      initialValues={{
        latitude: single?.latitude ?? undefined,
        longitude: single?.longitude ?? undefined,
        address: single?.address ?? undefined,
      }}
      send={(values) =>
        sendLocation(
          terminals.map((x) => x.id),
          locationParamsOf(values),
        )
      }
      onClose={onClose}
      onSent={onSent}
    >
      {coordinate('latitude', 90)}
      {coordinate('longitude', 180)}
      <Form.Item
        name="address"
        label={t('location.address')}
        rules={[
          {
            max: ADDRESS_MAX,
            message: tc('common.tooLong', { field: t('location.address'), max: ADDRESS_MAX }),
          },
        ]}
      >
        <Input maxLength={ADDRESS_MAX} placeholder={tc('common.optional')} />
      </Form.Item>
    </CommandDialog>
  );
}
