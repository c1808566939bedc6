import type { ProgramDocument, Widget, WidgetProps, WidgetType } from '@apm/contract';
import { Alert, ConfigProvider, Divider, Flex, Form, Typography } from 'antd';
import type { JSX } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorAction } from '../state/editor-state';
import { ButtonProperties } from './ButtonProperties';
import { DataProperties, HtmlProperties } from './CatalogueProperties';
import { ClockProperties, CountdownProperties } from './ClockProperties';
import { SwitchField, TextField } from './fields';
import { GeometryFields } from './GeometryFields';
import { AudioProperties, ImageProperties, VideoProperties } from './MediaProperties';
import { lengthProblem, propsMergeKey } from './panel-values';
import { SceneProperties } from './SceneProperties';
import { LiveProperties, QrCodeProperties, WeatherProperties, WebProperties } from './SourceProperties';
import { TextProperties } from './TextProperties';
import type { WidgetEditorProps } from './widget-editor';

/** Props of {@link PropertiesPanel}. */
export interface PropertiesPanelProps {
  document: ProgramDocument;
  sceneIndex: number;
  /** The widget whose properties are edited; null edits the active scene (background, duration, transition). */
  widget: Widget | null;
  /** How many widgets are selected (more than one: a short note, and only lock and hide, for all of them). */
  selectionCount: number;
  dispatch: (action: EditorAction) => void;
}

/** A narrow column of many fields: closer rows than a page's forms. */
const PANEL_THEME = { components: { Form: { itemMarginBottom: 12, verticalLabelPadding: '0 0 4px' } } };

/** The editor of one widget type's own properties. */
function TypeProperties({
  widget,
  ...rest
}: Omit<WidgetEditorProps<WidgetType>, 'widget'> & { widget: Widget }) {
  switch (widget.type) {
    case 'text':
      return <TextProperties widget={widget} {...rest} />;
    case 'image':
      return <ImageProperties widget={widget} {...rest} />;
    case 'video':
      return <VideoProperties widget={widget} {...rest} />;
    case 'audio':
      return <AudioProperties widget={widget} {...rest} />;
    case 'web':
      return <WebProperties widget={widget} {...rest} />;
    case 'clock':
      return <ClockProperties widget={widget} {...rest} />;
    case 'weather':
      return <WeatherProperties widget={widget} {...rest} />;
    case 'qrcode':
      return <QrCodeProperties widget={widget} {...rest} />;
    case 'countdown':
      return <CountdownProperties widget={widget} {...rest} />;
    case 'button':
      return <ButtonProperties widget={widget} {...rest} />;
    case 'live':
      return <LiveProperties widget={widget} {...rest} />;
    case 'html':
      return <HtmlProperties widget={widget} {...rest} />;
    case 'data':
      return <DataProperties widget={widget} {...rest} />;
  }
}

/** Name, lock and visibility, position and size, and the type's own properties of the selected widget. */
function WidgetSection({
  document,
  widget,
  selectionCount,
  dispatch,
}: PropertiesPanelProps & { widget: Widget }) {
  const { t } = useTranslation('editorPanels');
  const multiple = selectionCount > 1;
  const done = () => dispatch({ type: 'endBurst' });
  const update = (changes: Partial<WidgetProps<WidgetType>>, field: string) =>
    dispatch({
      type: 'updateProps',
      id: widget.id,
      props: changes as Record<string, unknown>,
      mergeKey: propsMergeKey(widget.id, field),
      now: Date.now(),
    });
  return (
    <>
      {multiple ? (
        <Alert
          type="info"
          showIcon
          title={t('multi.note')}
          style={{ marginBottom: 12 }}
          data-testid="properties-multi"
        />
      ) : (
        <TextField
          key={widget.id}
          label={t('widget.name')}
          value={widget.name ?? ''}
          placeholder={t(`widgetTypes.${widget.type}`)}
          check={(text) => lengthProblem(text.trim(), 0, 200)}
          max={200}
          lazy
          onChange={(name) => dispatch({ type: 'renameWidget', id: widget.id, name })}
          testId="widget-name"
        />
      )}
      <Flex gap={16}>
        <SwitchField
          label={multiple ? t('widget.lockedAll') : t('widget.locked')}
          checked={Boolean(widget.locked)}
          onChange={(locked) => dispatch({ type: 'lockSelection', locked })}
          testId="widget-locked"
        />
        <SwitchField
          label={multiple ? t('widget.hiddenAll') : t('widget.hidden')}
          checked={Boolean(widget.hidden)}
          onChange={(hidden) => dispatch({ type: 'hideSelection', hidden })}
          testId="widget-hidden"
        />
      </Flex>
      {multiple ? null : (
        <>
          <Divider titlePlacement="start" plain>
            {t('sections.layout')}
          </Divider>
          <GeometryFields key={`geometry-${widget.id}`} widget={widget} dispatch={dispatch} />
          <Divider titlePlacement="start" plain>
            {t(`widgetTypes.${widget.type}`)}
          </Divider>
          <TypeProperties
            key={`props-${widget.id}`}
            widget={widget}
            document={document}
            update={update}
            done={done}
          />
        </>
      )}
    </>
  );
}

/**
 * The editor's right-hand properties panel: the active scene when no widget is selected, else the
 * widget's name, lock and visibility, position and size, and its type's own properties. It only
 * dispatches editor actions; edits of one field in a burst are one undo step.
 */
export default function PropertiesPanel(props: PropertiesPanelProps): JSX.Element {
  const { document, sceneIndex, widget, selectionCount, dispatch } = props;
  const { t } = useTranslation('editorPanels');
  const scene = document.scenes[sceneIndex];
  let subject = '';
  if (widget) {
    subject =
      selectionCount > 1
        ? t('multi.count', { n: selectionCount })
        : widget.name || t(`widgetTypes.${widget.type}`);
  } else if (scene) {
    subject = t('scene.subject', { name: scene.name || t('scene.title') });
  }
  return (
    <div style={{ padding: 16, height: '100%', overflow: 'auto' }} data-testid="properties-panel">
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph
        type="secondary"
        ellipsis
        style={{ marginBottom: 12 }}
        data-testid="properties-subject"
      >
        {subject}
      </Typography.Paragraph>
      <ConfigProvider theme={PANEL_THEME}>
        <Form layout="vertical" size="small" requiredMark={false}>
          {widget ? (
            <WidgetSection {...props} widget={widget} />
          ) : scene ? (
            <SceneProperties key={scene.id} scene={scene} sceneIndex={sceneIndex} dispatch={dispatch} />
          ) : null}
        </Form>
      </ConfigProvider>
    </div>
  );
}
