import { NOTIFICATION_CONTENT_MAX, type Language, type NotificationContents } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageTabs } from '../../components/admin/LanguageTabs';
import { languageInfo } from '../../locales/languages';
import { serverFieldErrors } from '../../services/request';
import { useLocaleStore } from '../../stores/locale';
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
  contents: NotificationContents;
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

/**
 * Dialog sending a message in any of the seven languages (the user's own first, others added as tabs)
 * to users, roles and offices (with their subtrees).
 */
export function SendNotificationModal({ onClose, onSent }: SendNotificationModalProps) {
  const { t } = useTranslation('messageNotification');
  const { t: tc } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<SendValues>();
  const current = useLocaleStore((s) => s.language);
  const [languages, setLanguages] = useState<Language[]>([current]);
  const [activeLanguage, setActiveLanguage] = useState<Language>(current);
  const [invalid, setInvalid] = useState<Language[]>([]);
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
        contents: Object.fromEntries(languages.map((l) => [l, (values.contents?.[l] ?? '').trim()])),
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
      const known = TARGET_FIELDS.filter((f) => fields[f]);
      if (known.length) form.setFields(known.map((f) => ({ name: f, errors: [fields[f]!] })));
      const texts = languages.filter((l) => fields[`contents.${l}`]);
      if (texts.length) {
        form.setFields(texts.map((l) => ({ name: ['contents', l], errors: [fields[`contents.${l}`]!] })));
        setInvalid(texts);
        setActiveLanguage(texts[0]!);
      }
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

  /** Marks the tabs whose content is invalid and shows the first of them. */
  const onFinishFailed = ({ errorFields }: { errorFields: { name: (string | number)[] }[] }) => {
    const failed = languages.filter((l) =>
      errorFields.some((f) => f.name[0] === 'contents' && f.name[1] === l),
    );
    setInvalid(failed);
    if (failed.length && !failed.includes(activeLanguage)) setActiveLanguage(failed[0]!);
  };

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
        onFinishFailed={onFinishFailed}
        disabled={saving}
        initialValues={{ contents: {}, userIds: [], roleIds: [], officeIds: [] }}
        onValuesChange={(changed) => {
          if ('contents' in changed) setInvalid([]);
          if (TARGET_FIELDS.some((f) => f in changed))
            void form.validateFields(['userIds']).catch(() => undefined);
        }}
      >
        <Form.Item label={t('content')} required>
          <LanguageTabs
            languages={languages}
            onLanguagesChange={setLanguages}
            active={activeLanguage}
            onActiveChange={setActiveLanguage}
            invalid={invalid}
            disabled={saving}
            addLabel={t('addLanguage')}
            removeLabel={t('removeLanguage')}
            testId="notification-languages"
            renderPane={(l) => {
              const label = t('contentIn', { language: languageInfo(l).label });
              return (
                <Form.Item name={['contents', l]} rules={contentRules(label)}>
                  <Input.TextArea
                    autoFocus={l === current}
                    rows={3}
                    maxLength={NOTIFICATION_CONTENT_MAX}
                    showCount
                    lang={languageInfo(l).tag}
                    aria-label={label}
                    data-testid={`notification-content-${l}`}
                  />
                </Form.Item>
              );
            }}
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
