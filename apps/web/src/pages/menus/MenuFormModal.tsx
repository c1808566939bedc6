import { allPermissionStrings, Languages, MENU_ICON_NAMES, type Language } from '@apm/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { MenuIcon } from '../../layouts/shell/MenuIcon';
import { languageInfo } from '../../locales/languages';
import { saveMenu, type MenuSaveBody, type MenuTreeNode } from '../../services/menu';
import { serverFieldErrors } from '../../services/request';
import { findNode, parentOptions, subtreeKeys } from './menu-tree';

const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const PATH_PATTERN = /^\/?[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/;
const PERMISSION_STRINGS = allPermissionStrings();

/** What the form edits. */
interface FormValues {
  key: string;
  parentKey?: string;
  path?: string;
  names: Record<Language, string>;
  icon?: string;
  sort?: number;
  permission: string;
  roles?: string[];
  visible: boolean;
}

/** Props of {@link MenuFormModal}: `editing` an entry, or creating one below `parentKey`. */
export interface MenuFormModalProps {
  open: boolean;
  tree: MenuTreeNode[];
  editing?: MenuTreeNode;
  parentKey?: string;
  nameOf(node: MenuTreeNode): string;
  onClose(): void;
  onSaved(): void;
}

/** The create/edit form of a menu entry: key, parent, path, a name per language, icon, permission, order, visibility. */
export function MenuFormModal({
  open,
  tree,
  editing,
  parentKey,
  nameOf,
  onClose,
  onSaved,
}: MenuFormModalProps) {
  const { t } = useTranslation(['menus', 'translation']);
  const { message } = App.useApp();
  const { permissionName } = useAccess();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            key: editing.key,
            parentKey: editing.parent,
            path: editing.path ?? '',
            names: editing.name as Record<Language, string>,
            icon: editing.icon,
            sort: editing.sort,
            permission: editing.permission,
            roles: editing.roles ?? [],
            visible: !editing.hidden,
          }
        : { parentKey, permission: '*', visible: true, roles: [] },
    );
  }, [open, editing, parentKey, form]);

  const parents = useMemo(() => {
    const node = editing && findNode(tree, editing.key);
    return parentOptions(tree, nameOf, node ? subtreeKeys(node) : new Set());
  }, [tree, editing, nameOf]);

  const permissionOptions = useMemo(
    () => [
      { value: '*', label: t('openToAll') },
      ...PERMISSION_STRINGS.map((p) => ({ value: p, label: `${permissionName(p)} (${p})` })),
    ],
    [t, permissionName],
  );

  const mutation = useMutation({
    mutationFn: (values: FormValues) => {
      const body: MenuSaveBody = {
        ...(editing ? { id: editing.id } : { key: values.key.trim() }),
        parentKey: values.parentKey ?? '',
        path: values.path?.trim() ?? '',
        names: values.names,
        icon: values.icon ?? '',
        sort: values.sort ?? undefined,
        permission: values.permission,
        roles: values.roles ?? [],
        hidden: !values.visible,
      };
      return saveMenu(body);
    },
    onSuccess: () => {
      void message.success(t('saved'));
      onSaved();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      const entries = Object.entries(fields).map(([field, text]) => ({
        name: field.startsWith('names.') ? ['names', field.slice(6)] : [field],
        errors: [text],
      }));
      if (entries.length) form.setFields(entries as Parameters<typeof form.setFields>[0]);
      void message.error(error instanceof Error ? error.message : String(error));
    },
  });

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('translation:common.required', { field }),
  });

  return (
    <Modal
      open={open}
      title={editing ? t('editTitle', { name: nameOf(editing) }) : t('createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('translation:common.save')}
      cancelText={t('translation:common.cancel')}
      confirmLoading={mutation.isPending}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => mutation.mutate(values)} name="menu-form">
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item
            name="key"
            label={t('form.key')}
            tooltip={t('form.keyHelp')}
            style={{ flex: 1 }}
            rules={[required(t('form.key')), { pattern: KEY_PATTERN, message: t('form.keyPattern') }]}
          >
            <Input disabled={Boolean(editing)} maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item name="parentKey" label={t('form.parent')} style={{ flex: 1 }}>
            <TreeSelect
              allowClear
              placeholder={t('form.parentNone')}
              treeData={parents}
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
            />
          </Form.Item>
        </div>
        <Form.Item
          name="path"
          label={t('form.path')}
          tooltip={t('form.pathHelp')}
          rules={[{ pattern: PATH_PATTERN, message: t('form.pathPattern') }]}
        >
          <Input maxLength={200} autoComplete="off" placeholder="sys/reports" />
        </Form.Item>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('form.names')}</legend>
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 8 }}
          >
            {Languages.map((lang) => {
              const field = t('form.name', { language: languageInfo(lang).label });
              return (
                <Form.Item
                  key={lang}
                  name={['names', lang]}
                  label={field}
                  rules={[
                    required(field),
                    { max: 100, message: t('translation:common.tooLong', { field, max: 100 }) },
                  ]}
                >
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
              );
            })}
          </div>
        </fieldset>
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item name="icon" label={t('form.icon')} style={{ flex: 1 }}>
            <Select
              allowClear
              showSearch
              placeholder={t('form.iconNone')}
              options={MENU_ICON_NAMES.map((name) => ({
                value: name,
                label: (
                  <span>
                    <MenuIcon name={name} /> {name}
                  </span>
                ),
              }))}
              filterOption={(input, option) =>
                String(option?.value).toLowerCase().includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="sort" label={t('form.sort')} style={{ width: 140 }}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item
          name="permission"
          label={t('form.permission')}
          rules={[
            {
              required: true,
              message: t('translation:common.requiredSelect', { field: t('form.permission') }),
            },
          ]}
        >
          <Select showSearch optionFilterProp="label" options={permissionOptions} />
        </Form.Item>
        <Form.Item name="roles" label={t('form.roles')} tooltip={t('form.rolesHelp')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
        <Form.Item name="visible" label={t('form.visible')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
