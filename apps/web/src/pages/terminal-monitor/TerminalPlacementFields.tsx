import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { GroupSelect } from './GroupSelect';

/** The institution (`officeId`) and group (`groupId`) terminals go to; a new institution clears the group. */
export function TerminalPlacementFields() {
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  const form = Form.useFormInstance();
  const officeId = Form.useWatch<number | undefined>('officeId', form);
  return (
    <>
      <Form.Item
        name="officeId"
        label={t('claim.office')}
        rules={[{ required: true, message: tc('common.requiredSelect', { field: t('claim.office') }) }]}
      >
        <OfficeTreeSelect
          allowClear={false}
          chooseSole
          onChange={() => form.setFieldValue('groupId', undefined)}
        />
      </Form.Item>
      <Form.Item name="groupId" label={t('claim.group')}>
        <GroupSelect officeId={officeId} />
      </Form.Item>
    </>
  );
}
