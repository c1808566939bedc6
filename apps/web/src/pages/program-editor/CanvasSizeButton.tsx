import { ExpandOutlined } from '@ant-design/icons';
import type { Canvas } from '@apm/contract';
import { Button, Form, InputNumber, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from './state/editor-state';

/** Bounds of every canvas dimension (CanvasSchema). */
const MIN = 16;
const MAX = 16384;

type Field = keyof Canvas;
const FIELDS: readonly Field[] = ['w', 'h', 'realWidth', 'realHeight'];

/** The canvas size (design w × h) and the target screen (realWidth × realHeight), edited as one undoable step. */
export function CanvasSizeButton({
  canvas,
  dispatch,
}: {
  canvas: Canvas;
  dispatch: (a: EditorAction) => void;
}) {
  const { t } = useTranslation('programEditor');
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Canvas>();
  const apply = (values: Canvas) => {
    dispatch({ type: 'setCanvas', canvas: values });
    setOpen(false);
  };
  const content = (
    <Form<Canvas>
      form={form}
      name="editorCanvas"
      layout="vertical"
      initialValues={canvas}
      onFinish={apply}
      style={{ width: 260 }}
    >
      {FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`canvasFields.${field}`)}
          rules={[
            {
              required: true,
              type: 'integer',
              min: MIN,
              max: MAX,
              message: t('canvasRule', { min: MIN, max: MAX }),
            },
          ]}
          style={{ marginBottom: 8 }}
        >
          <InputNumber
            precision={0}
            suffix="px"
            style={{ width: '100%' }}
            data-testid={`editor-canvas-${field}`}
          />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" block data-testid="editor-canvas-apply">
        {t('apply')}
      </Button>
    </Form>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) form.setFieldsValue(canvas);
      }}
      title={t('canvasTitle')}
      content={content}
      destroyOnHidden
    >
      <Tooltip title={t('canvasTitle')}>
        <Button type="link" size="small" icon={<ExpandOutlined />} data-testid="editor-canvas-size">
          {t('status.canvas', { w: canvas.w, h: canvas.h })}
        </Button>
      </Tooltip>
    </Popover>
  );
}
