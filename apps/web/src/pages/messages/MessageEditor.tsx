import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { MESSAGE_KINDS, type MessageDetail, type MessageKind } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Radio, Row, Tag, type FormInstance } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Authorized } from '../../access/Authorized';
import { EditorSaveDialogs } from '../../components/EditorSaveDialogs';
import { materialFileUrl } from '../../services/material';
import { messageKeys, sendMessage } from '../../services/message';
import { ReviewStateTag } from './MessageBits';
import { KindFields, TextFields } from './MessageContentFields';
import { messageErrorText } from './message-errors';
import {
  cleanDocument,
  documentProblem,
  fieldPath,
  formValuesOf,
  previewDocumentOf,
  withKind,
  type MessageFormValues,
} from './message-form';
import { MessageTargetsField } from './MessageTargetsField';
import { ScheduleFields } from './ScheduleFields';
import { useMessageSave } from './use-message-save';

const MessagePreview = lazy(() => import('./MessagePreview'));

/** The message list's address, with the delivery drawer of a message open. */
export const messageListPath = (deliveryOf?: number) =>
  deliveryOf ? `/publishMessage/list?delivery=${deliveryOf}` : '/publishMessage/list';

/** Props of {@link MessageEditor}. */
export interface MessageEditorProps {
  detail: MessageDetail | null;
  onCreated(id: number): void;
  /** Reads the server's copy again (after a conflict). */
  onOpenTheirs(): void;
}

/** The form of one message: content and look, schedule, targets, a live preview; save, save and send. */
export default function MessageEditor({ detail, onCreated, onOpenTheirs }: MessageEditorProps) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<MessageFormValues>();
  const initial = useMemo(() => formValuesOf(detail), [detail]);
  const watched = Form.useWatch((values: MessageFormValues) => values, { form, preserve: true });
  const values: MessageFormValues = watched?.document ? watched : initial;
  const kind = values.document.kind;
  const model = useMessageSave(form, detail, values, initial);
  const previewDocument = useMemo(() => previewDocumentOf(values.document), [values.document]);
  const imageId = previewDocument.notice?.imageMaterialId;

  const setKind = (next: MessageKind) =>
    form.setFieldValue(
      'document',
      withKind(form.getFieldValue('document') as MessageFormValues['document'], next),
    );

  /** Validates and saves; answers the saved message's id, or null. */
  const save = async (overwrite = false): Promise<number | null> => {
    try {
      await form.validateFields();
    } catch {
      void message.error(t('form.fixErrors'));
      return null;
    }
    const current = form.getFieldsValue(true) as MessageFormValues;
    const problem = documentProblem(cleanDocument(current.document));
    if (problem) {
      const text = t(`problems.${problem.key}`);
      // Document problems name fields by path (`document.ticker.offsetPercent`).
      const untyped = form as FormInstance;
      untyped.setFields([{ name: fieldPath(problem.field), errors: [text] }]);
      untyped.scrollToField(fieldPath(problem.field));
      void message.error(text);
      return null;
    }
    const created = model.id === null;
    const outcome = await model.save(current, overwrite);
    if (outcome.result === 'saved') {
      void message.success(t('form.saved'));
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      if (created) onCreated(outcome.saved.id);
      return outcome.saved.id;
    }
    if (outcome.result === 'invalid') void message.error(t('form.saveRefused'));
    else if (outcome.result === 'failed') void message.error(messageErrorText(outcome.error));
    return null;
  };

  const saveAndSend = async () => {
    const id = model.dirty || !model.id ? await save() : model.id;
    if (!id) return;
    try {
      const sent = await sendMessage(id);
      void message.success(
        t('sent', { count: sent.terminalCount, online: sent.online, queued: sent.queued }),
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      void navigate(messageListPath(id));
    } catch (failure) {
      void message.error(messageErrorText(failure));
    }
  };

  return (
    <Form<MessageFormValues>
      form={form}
      name="message"
      layout="vertical"
      initialValues={initial}
      scrollToFirstError
      data-testid="message-form"
    >
      <Flex gap={12} align="flex-end" wrap style={{ marginBottom: 16 }}>
        <Form.Item
          name="name"
          label={t('form.name')}
          style={{ flex: '1 1 260px', marginBottom: 0 }}
          rules={[
            { required: true, whitespace: true, message: t('problems.required', { field: t('form.name') }) },
          ]}
        >
          <Input maxLength={100} placeholder={t('form.nameHint')} data-testid="message-name" />
        </Form.Item>
        <Form.Item label={t('form.kind')} style={{ marginBottom: 0 }}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            value={kind}
            onChange={(e) => setKind(e.target.value as MessageKind)}
            options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            data-testid="message-kind"
          />
        </Form.Item>
        <Flex gap={8} align="center" wrap>
          <Button
            icon={<SaveOutlined />}
            loading={model.saving}
            onClick={() => void save()}
            data-testid="message-save"
          >
            {t('form.save')}
          </Button>
          <Authorized permission="message:list:publish">
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={model.saving}
              onClick={() => void saveAndSend()}
              data-testid="message-save-send"
            >
              {t('form.saveAndSend')}
            </Button>
          </Authorized>
          <Tag color={model.dirty ? 'orange' : 'green'} data-testid="message-status">
            {model.dirty
              ? t('form.unsaved')
              : model.id
                ? t('form.savedRevision', { revision: model.baseRevision ?? 1 })
                : t('form.new')}
          </Tag>
          {model.current ? (
            <ReviewStateTag state={model.current.reviewState} note={model.current.reviewNote} />
          ) : null}
        </Flex>
      </Flex>
      {model.current?.reviewState === 'rejected' && model.current.reviewNote ? (
        <Alert
          type="warning"
          showIcon
          title={t('form.rejectedNote', { note: model.current.reviewNote })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {model.otherErrors.length ? (
        <Alert
          type="error"
          showIcon
          title={t('form.saveRefused')}
          description={model.otherErrors.join(' ')}
          style={{ marginBottom: 12 }}
          data-testid="message-server-errors"
        />
      ) : null}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('form.content')} style={{ marginBottom: 16 }}>
            <TextFields />
            <KindFields kind={kind} />
          </Card>
          <Card size="small" title={t('form.schedule')} style={{ marginBottom: 16 }}>
            <ScheduleFields kind={kind} />
          </Card>
          <Card size="small" title={t('form.targets')} style={{ marginBottom: 16 }}>
            <Form.Item name="targets" noStyle>
              <MessageTargetsField />
            </Form.Item>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('form.preview')} style={{ position: 'sticky', top: 16 }}>
            <Suspense fallback={null}>
              <MessagePreview
                name={values.name}
                document={previewDocument}
                imageUrl={imageId ? materialFileUrl(imageId) : null}
              />
            </Suspense>
          </Card>
        </Col>
      </Row>
      <EditorSaveDialogs
        namespace="messages"
        testIdPrefix="message"
        blocker={model.blocker}
        conflict={model.conflict}
        saving={model.saving}
        dismissConflict={model.dismissConflict}
        onOpenTheirs={onOpenTheirs}
        onOverwrite={() => void save(true)}
      />
    </Form>
  );
}
