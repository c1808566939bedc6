import type { ProgramDocument } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/admin/FormModal';
import { getProgramTemplate, listProgramTemplates, saveProgram } from '../../services/program';
import { serverFieldErrors } from '../../services/request';
import { CANVAS_PRESETS, newProgram } from '../program-editor/state/widget-defaults';
import { CANVAS_MAX, CANVAS_MIN, canvasSizeOf, type CanvasChoice } from './canvas-size';
import { programErrorText } from './program-errors';
import { saveProgramThumbnail } from './program-thumbnail';

interface CreateValues {
  name: string;
  /** A blank canvas, or a copy of a template's scenes. */
  start: 'blank' | 'template';
  templateId?: number;
  canvas: CanvasChoice;
  width?: number | null;
  height?: number | null;
}

/** Props of {@link ProgramCreateModal}. */
export interface ProgramCreateModalProps {
  onClose(): void;
  /** Called with the new program's id. */
  onCreated(id: number): void;
}

/** "New program": a name, and a canvas (a preset or a custom size: one empty scene) or a template to copy. */
export function ProgramCreateModal({ onClose, onCreated }: ProgramCreateModalProps) {
  const { t } = useTranslation('programs');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const choice = Form.useWatch('canvas', form);
  const start = Form.useWatch('start', form);
  const templates = useQuery({
    queryKey: ['program', 'templates'],
    queryFn: ({ signal }) => listProgramTemplates({ pageNo: 1, pageSize: 500 }, signal),
  });

  const save = async (values: CreateValues) => {
    const name = values.name.trim();
    let document: ProgramDocument;
    if (values.start === 'template') {
      const template = await getProgramTemplate(values.templateId!);
      // The detail's schema type is looser than the document type; the server validates what it gets.
      document = { ...(template.document as unknown as ProgramDocument), name };
    } else {
      const size = canvasSizeOf(values.canvas, { w: values.width, h: values.height });
      if (!size) throw new Error(t('canvasRule', { min: CANVAS_MIN, max: CANVAS_MAX }));
      document = newProgram(name, size.w, size.h, 'scene-1');
    }
    const saved = await saveProgram({ document });
    void message.success(t('created'));
    // In the background: the list shows the thumbnail once it is stored; a failure only logs a warning.
    void saveProgramThumbnail(saved.id, document, saved.revision).then(() =>
      queryClient.invalidateQueries({ queryKey: ['program', 'list'] }),
    );
    onCreated(saved.id);
  };

  const describeFailure = (failure: unknown) => {
    const fields = serverFieldErrors(failure);
    if (fields['document/name']) form.setFields([{ name: 'name', errors: [fields['document/name']] }]);
    return failure instanceof Error && !('status' in failure) ? failure.message : programErrorText(failure);
  };

  const sizeRule = { required: true, type: 'integer' as const, min: CANVAS_MIN, max: CANVAS_MAX };
  return (
    <FormModal<CreateValues>
      title={t('createTitle')}
      form={form}
      name="programCreate"
      initialValues={{ name: '', start: 'blank', canvas: '1920x1080', width: 1920, height: 1080 }}
      saveButtonId="program-create-save"
      onSave={save}
      describeFailure={describeFailure}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} autoFocus data-testid="program-create-name" />
      </Form.Item>
      <Form.Item name="start" label={t('startFrom')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'blank', label: t('blankCanvas') },
            { value: 'template', label: t('template'), disabled: !templates.data?.count },
          ]}
          data-testid="program-create-start"
        />
      </Form.Item>
      {start === 'template' ? (
        <Form.Item
          name="templateId"
          label={t('template')}
          rules={[{ required: true, message: t('templateRequired') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={templates.isLoading}
            options={(templates.data?.list ?? []).map((tpl) => ({
              value: tpl.id,
              label: `${tpl.name} (${tpl.width} × ${tpl.height})${tpl.shared ? ` · ${t('sharedTemplate')}` : ''}`,
            }))}
            data-testid="program-create-template"
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="canvas" label={t('canvas')}>
            <Radio.Group data-testid="program-create-canvas">
              <Space direction="vertical">
                {CANVAS_PRESETS.map((preset) => (
                  <Radio key={preset.key} value={preset.key}>
                    {t(`presets.${preset.key}`)}
                  </Radio>
                ))}
                <Radio value="custom">{t('presets.custom')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
          {choice === 'custom' ? (
            <Space>
              <Form.Item
                name="width"
                label={t('width')}
                rules={[{ ...sizeRule, message: t('canvasRule', { min: CANVAS_MIN, max: CANVAS_MAX }) }]}
              >
                <InputNumber precision={0} suffix="px" data-testid="program-create-width" />
              </Form.Item>
              <Form.Item
                name="height"
                label={t('height')}
                rules={[{ ...sizeRule, message: t('canvasRule', { min: CANVAS_MIN, max: CANVAS_MAX }) }]}
              >
                <InputNumber precision={0} suffix="px" data-testid="program-create-height" />
              </Form.Item>
            </Space>
          ) : null}
        </>
      )}
    </FormModal>
  );
}
