import type { WidgetEntry } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listMaterials } from '../../services/material';
import { saveWidgetPackage } from '../../services/widgets';
import { widgetErrorText } from './widget-errors';

/** Props of {@link PackageModal}. */
export interface PackageModalProps {
  /** The package given a new zip; null registers a new one. */
  entry: WidgetEntry | null;
  onClose(): void;
  onSaved(): void;
}

/**
 * Registers an HTML package (zip) of the material library as a custom widget, or gives one a new
 * zip: the library's HTML packages searched by name on the server; the server checks the zip and
 * reads its widget.json, and a refusal names what is wrong under the field.
 */
export function PackageModal({ entry, onClose, onSaved }: PackageModalProps) {
  const { t } = useTranslation('widgets');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [materialId, setMaterialId] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zips = useQuery({
    queryKey: ['widget', 'zips', keyword],
    queryFn: ({ signal }) =>
      listMaterials({ pageNo: 1, pageSize: 20, kind: 'html', keyword: keyword || undefined }, signal),
  });

  const submit = async () => {
    if (materialId === undefined) {
      setProblem(tc('common.requiredSelect', { field: t('packageMaterial') }));
      return;
    }
    setSaving(true);
    try {
      const saved = await saveWidgetPackage({ id: entry?.packageId ?? undefined, materialId });
      void message.success(t('packageSaved', { name: saved.name }));
      onSaved();
    } catch (failure) {
      setProblem(widgetErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={entry ? t('replacePackageTitle', { name: entry.name }) : t('addPackageTitle')}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('packageHint')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('packageMaterial')}
          htmlFor="widget-package-material"
          required
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Select<number>
            id="widget-package-material"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            value={materialId}
            placeholder={t('packageSearch')}
            loading={zips.isFetching}
            notFoundContent={zips.isFetching ? tc('common.loading') : t('noPackages')}
            options={(zips.data?.list ?? []).map((m) => ({ value: m.id, label: m.name }))}
            onChange={(id) => {
              setMaterialId(id);
              setProblem(null);
            }}
            data-testid="widget-package-material"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
