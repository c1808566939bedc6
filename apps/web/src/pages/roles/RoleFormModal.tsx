import { ROLE_LIMITS } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { getPermissionTree, getRoleDetail, saveRole } from '../../services/role';
import { serverFieldErrors } from '../../services/request';
import { PermissionTree } from './PermissionTree';
import { roleErrorText } from './role-errors';

interface RoleFormValues {
  name: string;
  code?: string;
  remarks?: string;
  grants: string[];
}

/** Props of {@link RoleFormModal}: `roleId` edits that role, `null` creates one. */
export interface RoleFormModalProps {
  roleId: number | null;
  onClose(): void;
  onSaved(): void;
}

const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{1,49}$/;

/** Create/edit dialog of a role: name, code, remarks and the permissions it grants. */
export function RoleFormModal({ roleId, onClose, onSaved }: RoleFormModalProps) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const { permissionName } = useAccess();
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = roleId !== null;
  const tree = useQuery({
    queryKey: ['role', 'permissionTree'],
    queryFn: ({ signal }) => getPermissionTree(signal),
  });
  const detail = useQuery({
    queryKey: ['role', 'detail', roleId],
    queryFn: ({ signal }) => getRoleDetail(roleId!, signal),
    enabled: editing,
    gcTime: 0,
  });
  const role = detail.data;
  const readOnly = editing && role !== undefined && !role.editable;

  const initialValues: RoleFormValues = role
    ? { name: role.name, code: role.code, remarks: role.remarks ?? '', grants: role.grants }
    : { name: '', code: '', remarks: '', grants: [] };

  const onFinish = async (values: RoleFormValues) => {
    setError(null);
    setSaving(true);
    try {
      await saveRole({
        id: roleId ?? undefined,
        name: values.name.trim(),
        code: values.code?.trim() || undefined,
        remarks: values.remarks?.trim() ?? '',
        grants: values.grants ?? [],
      });
      void message.success(t('saved'));
      onSaved();
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      const known = (['name', 'code', 'remarks'] as const).filter((f) => fields[f]);
      if (known.length) form.setFields(known.map((f) => ({ name: f, errors: [fields[f]!] })));
      setError(roleErrorText(failure, permissionName));
    } finally {
      setSaving(false);
    }
  };

  const loading = tree.isPending || (editing && detail.isPending);
  return (
    <Modal
      open
      title={editing ? t('editTitle', { name: role?.name ?? '' }) : t('createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ loading: saving, disabled: loading || readOnly, id: 'role-save' }}
      width={640}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {readOnly ? <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} /> : null}
      {loading ? (
        <Skeleton active />
      ) : (
        <Form<RoleFormValues>
          form={form}
          name="role"
          layout="vertical"
          onFinish={onFinish}
          disabled={saving || readOnly}
          initialValues={initialValues}
        >
          <Form.Item
            name="name"
            label={t('name')}
            rules={[
              { required: true, whitespace: true, message: tc('common.required', { field: t('name') }) },
              {
                max: ROLE_LIMITS.name,
                message: tc('common.tooLong', { field: t('name'), max: ROLE_LIMITS.name }),
              },
            ]}
          >
            <Input autoFocus maxLength={ROLE_LIMITS.name} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('code')}
            tooltip={t('codeHint')}
            rules={[{ pattern: CODE_PATTERN, message: t('codeRule') }]}
          >
            <Input maxLength={ROLE_LIMITS.code} disabled={role?.isSystem} />
          </Form.Item>
          <Form.Item
            name="remarks"
            label={tc('common.remarks')}
            rules={[
              {
                max: ROLE_LIMITS.remarks,
                message: tc('common.tooLong', { field: tc('common.remarks'), max: ROLE_LIMITS.remarks }),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={ROLE_LIMITS.remarks} />
          </Form.Item>
          <Form.Item name="grants" label={t('permissions')} extra={t('permissionsHint')}>
            <PermissionTree nodes={tree.data ?? []} />
          </Form.Item>
          <button type="submit" hidden aria-hidden />
        </Form>
      )}
    </Modal>
  );
}
