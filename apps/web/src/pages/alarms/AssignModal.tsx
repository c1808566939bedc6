import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAlarmAssignees } from '../../services/alarm';
import { useDebounced } from '../../utils/use-debounced';

const NOBODY = 0;

/** Props of {@link AssignModal}. */
export interface AssignModalProps {
  /** How many alarms it assigns (for the title). */
  count: number;
  onAssign(assigneeId: number | null, note: string | undefined): Promise<void>;
  onClose(): void;
}

/** Chooses whom alarms go to (a user of the organisation, searched by name, or nobody) with a note. */
export function AssignModal({ count, onAssign, onClose }: AssignModalProps) {
  const { t } = useTranslation('alarms');
  const [form] = Form.useForm<{ assigneeId?: number; note?: string }>();
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword, 300);
  const [busy, setBusy] = useState(false);
  const people = useQuery({
    queryKey: ['alarm', 'assignees', search],
    queryFn: ({ signal }) => listAlarmAssignees(search || undefined, signal),
  });
  const submit = async () => {
    // A field the form refused shows its message there; nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await onAssign(
        values.assigneeId && values.assigneeId !== NOBODY ? values.assigneeId : null,
        values.note?.trim() || undefined,
      );
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('assignTitle')} · ${t('selected', { count })}`}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ assigneeId: NOBODY }}>
        <Form.Item name="assigneeId" label={t('assignee')}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={people.isFetching}
            placeholder={t('assigneePlaceholder')}
            data-testid="alarm-assignee"
            options={[
              { value: NOBODY, label: t('nobody') },
              ...(people.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` })),
            ]}
          />
        </Form.Item>
        <Form.Item name="note" label={t('note')}>
          <Input.TextArea maxLength={500} showCount rows={3} placeholder={t('notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
