import {
  MESSAGE_ALIGNS,
  MESSAGE_TEXT_MAX,
  TICKER_DIRECTIONS,
  TICKER_POSITIONS,
  type Material,
  type MessageKind,
} from '@apm/contract';
import {
  AutoComplete,
  Button,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgramSelect } from '../plan-make/ProgramSelect';
import { FONT_FAMILIES } from '../program-editor/panels/panel-values';
import { ColorInput } from './ColorInput';

const MaterialDrawer = lazy(() => import('../program-editor/panels/MaterialDrawer'));

/** A number field of the document, required within bounds, its message naming the field. */
function NumberItem(props: {
  name: (string | number)[];
  label: string;
  min: number;
  max: number;
  integer?: boolean;
  suffix?: string;
  testId: string;
}) {
  const { t } = useTranslation('messages');
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      rules={[
        { required: true, message: t('problems.required', { field: props.label }) },
        {
          type: props.integer ? 'integer' : 'number',
          min: props.min,
          max: props.max,
          message: t('problems.range', { field: props.label, min: props.min, max: props.max }),
        },
      ]}
    >
      <InputNumber
        min={props.min}
        max={props.max}
        precision={props.integer ? 0 : undefined}
        suffix={props.suffix}
        style={{ width: '100%' }}
        data-testid={props.testId}
      />
    </Form.Item>
  );
}

/** The message's text, font and background. */
export function TextFields() {
  const { t } = useTranslation('messages');
  return (
    <>
      <Form.Item name={['document', 'text']} label={t('form.text')}>
        <Input.TextArea
          rows={3}
          maxLength={MESSAGE_TEXT_MAX}
          showCount
          placeholder={t('form.textHint')}
          data-testid="message-text"
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name={['document', 'font', 'family']}
            label={t('form.fontFamily')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('problems.required', { field: t('form.fontFamily') }),
              },
            ]}
          >
            <AutoComplete
              maxLength={100}
              options={FONT_FAMILIES.map((family) => ({ value: family }))}
              data-testid="message-font-family"
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <NumberItem
            name={['document', 'font', 'size']}
            label={t('form.fontSize')}
            min={4}
            max={1000}
            suffix="px"
            testId="message-font-size"
          />
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label={t('form.fontStyle')}>
            <Flex vertical>
              <Form.Item name={['document', 'font', 'bold']} valuePropName="checked" noStyle>
                <Checkbox data-testid="message-font-bold">{t('form.bold')}</Checkbox>
              </Form.Item>
              <Form.Item name={['document', 'font', 'italic']} valuePropName="checked" noStyle>
                <Checkbox data-testid="message-font-italic">{t('form.italic')}</Checkbox>
              </Form.Item>
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item name={['document', 'font', 'color']} label={t('form.textColor')}>
            <ColorInput testId="message-font-color" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={12}>
          <Form.Item name={['document', 'background']} label={t('form.background')}>
            <ColorInput testId="message-background" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Where a ticker's band sits and how its text moves. */
function TickerFields() {
  const { t } = useTranslation('messages');
  const position = Form.useWatch(['document', 'ticker', 'position']);
  return (
    <Row gutter={12}>
      <Col xs={24} sm={8}>
        <Form.Item name={['document', 'ticker', 'position']} label={t('form.position')}>
          <Select
            options={TICKER_POSITIONS.map((p) => ({ value: p, label: t(`positions.${p}`) }))}
            data-testid="message-ticker-position"
          />
        </Form.Item>
      </Col>
      {position === 'custom' ? (
        <Col xs={12} sm={5}>
          <NumberItem
            name={['document', 'ticker', 'offsetPercent']}
            label={t('form.offset')}
            min={0}
            max={100}
            suffix="%"
            testId="message-ticker-offset"
          />
        </Col>
      ) : null}
      <Col xs={12} sm={5}>
        <NumberItem
          name={['document', 'ticker', 'speed']}
          label={t('form.speed')}
          min={10}
          max={2000}
          integer
          testId="message-ticker-speed"
        />
      </Col>
      <Col xs={24} sm={6}>
        <Form.Item name={['document', 'ticker', 'direction']} label={t('form.direction')}>
          <Radio.Group
            optionType="button"
            options={TICKER_DIRECTIONS.map((d) => ({ value: d, label: t(`directions.${d}`) }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

function AlignItem({ part }: { part: 'notice' | 'takeover' }) {
  const { t } = useTranslation('messages');
  return (
    <Form.Item name={['document', part, 'align']} label={t('form.align')}>
      <Radio.Group
        optionType="button"
        options={MESSAGE_ALIGNS.map((a) => ({ value: a, label: t(`aligns.${a}`) }))}
      />
    </Form.Item>
  );
}

/** A form control of a material id (an image of the library), chosen in the program editor's picker. */
function ImageInput({
  value,
  onChange,
  id,
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
}) {
  const { t } = useTranslation('messages');
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Material | null>(null);
  const name = value ? (picked?.id === value ? picked.name : `#${value}`) : null;
  return (
    <Flex gap={8} align="center" wrap>
      <Button id={id} onClick={() => setPicking(true)} data-testid="message-notice-image">
        {value ? t('form.changeImage') : t('form.chooseImage')}
      </Button>
      {name ? <Typography.Text data-testid="message-notice-image-name">{name}</Typography.Text> : null}
      {value ? (
        <Button type="link" onClick={() => onChange?.(null)}>
          {t('form.removeImage')}
        </Button>
      ) : null}
      {picking ? (
        <Suspense fallback={null}>
          <MaterialDrawer
            open={picking}
            kind="image"
            multiple={false}
            onPick={([material]) => {
              if (material) {
                setPicked(material);
                onChange?.(material.id);
              }
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}

/** A notice's box (in % of the screen), its image and the alignment of its text. */
function NoticeFields() {
  const { t } = useTranslation('messages');
  const box = [
    ['x', 0],
    ['y', 0],
    ['width', 1],
    ['height', 1],
  ] as const;
  return (
    <>
      <Row gutter={12}>
        {box.map(([key, min]) => (
          <Col xs={12} sm={6} key={key}>
            <NumberItem
              name={['document', 'notice', key]}
              label={t(`form.box.${key}`)}
              min={min}
              max={100}
              suffix="%"
              testId={`message-notice-${key}`}
            />
          </Col>
        ))}
      </Row>
      <Form.Item name={['document', 'notice', 'imageMaterialId']} label={t('form.image')}>
        <ImageInput />
      </Form.Item>
      <AlignItem part="notice" />
    </>
  );
}

/** What a takeover shows: a program, or its text. */
function TakeoverFields() {
  const { t } = useTranslation('messages');
  return (
    <>
      <Form.Item
        name={['document', 'takeover', 'programId']}
        label={t('form.program')}
        extra={t('form.programHint')}
      >
        <ProgramControl label={t('form.program')} />
      </Form.Item>
      <AlignItem part="takeover" />
    </>
  );
}

function ProgramControl(props: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  id?: string;
  label: string;
}) {
  return (
    <ProgramSelect
      id={props.id}
      label={props.label}
      value={props.value ?? null}
      onChange={(v) => props.onChange?.(v)}
      allowClear
      testId="message-takeover-program"
    />
  );
}

/** The fields of the message's kind. */
export function KindFields({ kind }: { kind: MessageKind }) {
  if (kind === 'ticker') return <TickerFields />;
  if (kind === 'notice') return <NoticeFields />;
  return <TakeoverFields />;
}
