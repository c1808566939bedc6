import { Form, Input, InputNumber, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeZoneSelect } from '../../components/TimeZoneSelect';

/** Values of the institution form. */
export interface OfficeFormValues {
  name: string;
  sort?: number | null;
  contact?: string;
  phone?: string;
  address?: string;
  remarks?: string;
  /** IANA zone of its terminals' plans; null or empty: inherited from the office above. */
  timeZone?: string | null;
}

type Field = 'name' | 'sort' | 'contact' | 'phone' | 'address' | 'remarks' | 'timeZone';

const PHONE = /^[0-9+\-() ]{3,40}$/;

/** The institution fields (name, order, contact, phone, address, time zone, remarks); submits on Enter. */
export function OfficeForm({
  form,
  onFinish,
  disabled,
  name,
  inheritedTimeZone,
}: {
  form: FormInstance<OfficeFormValues>;
  onFinish(values: OfficeFormValues): void;
  disabled?: boolean;
  name: string;
  /** The zone that applies without one of its own (named in the empty time zone field). */
  inheritedTimeZone?: string;
}) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const label = (field: Field) => t(`fields.${field}`);
  const max = (field: Field, n: number) => ({
    max: n,
    message: tc('common.tooLong', { field: label(field), max: n }),
  });
  return (
    <Form<OfficeFormValues>
      form={form}
      name={name}
      layout="vertical"
      onFinish={onFinish}
      disabled={disabled}
      style={{ maxWidth: 640 }}
    >
      <Form.Item
        name="name"
        label={label('name')}
        rules={[
          { required: true, whitespace: true, message: tc('common.required', { field: label('name') }) },
          max('name', 100),
        ]}
      >
        <Input autoComplete="off" data-testid="office-name" />
      </Form.Item>
      <Form.Item name="sort" label={label('sort')}>
        <InputNumber min={-1_000_000} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="contact" label={label('contact')} rules={[max('contact', 100)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={label('phone')}
        rules={[max('phone', 40), { pattern: PHONE, message: t('errors.phone') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="address" label={label('address')} rules={[max('address', 300)]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="timeZone" label={label('timeZone')} extra={t('timeZoneHint')}>
        <TimeZoneSelect inherited={inheritedTimeZone} data-testid="office-time-zone" />
      </Form.Item>
      <Form.Item name="remarks" label={label('remarks')} rules={[max('remarks', 1000)]}>
        <Input.TextArea rows={3} />
      </Form.Item>
      {/* Enter in a field submits the form. */}
      <button type="submit" hidden aria-hidden />
    </Form>
  );
}
