import { NOTIFICATION_CONTENT_MAX } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../services/request';
import {
  listTargetRoles,
  searchUsers,
  sendNotification,
  type TargetOption,
} from '../../services/notification-admin';
import { OfficeMultiPicker } from './OfficeMultiPicker';
import { notificationErrorText } from './notification-errors';
import { useDebounced } from '../../utils/use-debounced';

interface SendValues {
  contentCn: string;
  contentEn: string;
  userIds: number[];
  roleIds: number[];
  officeIds: number[];
}

/** Props of {@link SendNotificationModal}. */
export interface SendNotificationModalProps {
  onClose(): void;
  /** Called with the number of users reached. */
  onSent(recipientCount: number): void;
}

const TARGET_FIELDS = ['userIds', 'roleIds', 'officeIds'] as const;

/** Dialog sending a message in Chinese and English to users, roles and offices (with their subtrees). */
export function SendNotificationModal({ onClose, onSent }: SendNotificationModalProps) {
  const { t } = useTranslation('messageNotification');
  const { t: tc } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const [chosenUsers, setChosenUsers] = useState<TargetOption[]>([]);
  const term = useDebounced(userSearch.trim(), 300);

  const users = useQuery({
    queryKey: ['messageNotification', 'userSearch', term],
    queryFn: ({ signal }) => searchUsers(term, signal),
  });
  const roles = useQuery({
    queryKey: ['messageNotification', 'roles'],
    queryFn: ({ signal }) => listTargetRoles(signal),
  });
  // Keep the chosen users labelled even when the current search no longer lists them.
  const userOptions = [
    ...chosenUsers.filter((c) => !users.data?.some((u) => u.id === c.id)),
    ...(users.data ?? []),
  ].map((u) => ({ value: u.id, label: `${u.name} (${u.code})` }));

  const onFinish = async (values: SendValues) => {
    setError(null);
    setSaving(true);
    try {
      const { recipientCount } = await sendNotification({
        contentCn: values.contentCn.trim(),
        contentEn: values.contentEn.trim(),
        userIds: values.userIds ?? [],
        roleIds: values.roleIds ?? [],
        officeIds: values.officeIds ?? [],
      });
      modal.success({
        title: t('sent'),
        content: <span data-testid="send-result">{t('recipientCount', { count: recipientCount })}</span>,
        okText: tc('common.ok'),
      });
      onSent(recipientCount);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      const known = (['contentCn', 'contentEn', ...TARGET_FIELDS] as const).filter((f) => fields[f]);
      if (known.length) form.setFields(known.map((f) => ({ name: f, errors: [fields[f]!] })));
      setError(notificationErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  /** At least one user, role or office: checked on the user field, which shows the message. */
  const atLeastOneTarget = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: () =>
      TARGET_FIELDS.some((f) => ((getFieldValue(f) as number[] | undefined) ?? []).length > 0)
        ? Promise.resolve()
        : Promise.reject(new Error(t('targetsRequired'))),
  });

  const contentRules = (field: string) => [
    { required: true, whitespace: true, message: tc('common.required', { field }) },
    {
      max: NOTIFICATION_CONTENT_MAX,
      message: tc('common.tooLong', { field, max: NOTIFICATION_CONTENT_MAX }),
    },
  ];

  return (
    <Modal
      open
      title={t('sendTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('send')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ loading: saving, id: 'notification-send' }}
      width={720}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form<SendValues>
        form={form}
        name="notificationSend"
        layout="vertical"
        onFinish={onFinish}
        disabled={saving}
        initialValues={{ contentCn: '', contentEn: '', userIds: [], roleIds: [], officeIds: [] }}
        onValuesChange={(changed) => {
          if (TARGET_FIELDS.some((f) => f in changed))
            void form.validateFields(['userIds']).catch(() => undefined);
        }}
      >
        <Form.Item name="contentCn" label={t('contentCn')} rules={contentRules(t('contentCn'))}>
          <Input.TextArea
            autoFocus
            rows={3}
            maxLength={NOTIFICATION_CONTENT_MAX}
            showCount
            lang="zh-CN"
            data-testid="notification-content-cn"
          />
        </Form.Item>
        <Form.Item name="contentEn" label={t('contentEn')} rules={contentRules(t('contentEn'))}>
          <Input.TextArea
            rows={3}
            maxLength={NOTIFICATION_CONTENT_MAX}
            showCount
            lang="en"
            data-testid="notification-content-en"
          />
        </Form.Item>
        <Form.Item name="userIds" label={t('users')} extra={t('targetsHint')} rules={[atLeastOneTarget]}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('usersPlaceholder')}
            showSearch={{ searchValue: userSearch, onSearch: setUserSearch, filterOption: false }}
            loading={users.isFetching}
            options={userOptions}
            notFoundContent={users.isFetching ? tc('common.loading') : tc('common.emptyList')}
            onChange={(ids: number[]) => {
              const known = [...chosenUsers, ...(users.data ?? [])];
              setChosenUsers(ids.map((id) => known.find((u) => u.id === id)).filter((u) => u !== undefined));
              setUserSearch('');
            }}
            data-testid="notification-users"
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('roles')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('rolesPlaceholder')}
            loading={roles.isPending}
            optionFilterProp="label"
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            notFoundContent={roles.isPending ? tc('common.loading') : tc('common.emptyList')}
            data-testid="notification-roles"
          />
        </Form.Item>
        <Form.Item name="officeIds" label={t('offices')}>
          <OfficeMultiPicker placeholder={t('officesPlaceholder')} />
        </Form.Item>
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}
