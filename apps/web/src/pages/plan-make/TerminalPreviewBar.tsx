import { Alert, Button, Flex, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../services/request';
import { PreviewTerminalSelect, type ChosenTerminal } from '../plans/timeline/PreviewTerminalSelect';
import { planErrorText } from './plan-errors';
import type { TerminalPreview } from './use-terminal-preview';

/** Props of {@link TerminalPreviewBar}. */
export interface TerminalPreviewBarProps {
  terminal: ChosenTerminal | null;
  onTerminal(terminal: ChosenTerminal | null): void;
  /** The plan being edited, once saved (marks the terminals it is published to). */
  planId: number | null;
  preview: TerminalPreview;
}

/**
 * "Preview on": the plan alone here (the default, resolved in the browser as it is edited), or on one
 * of the user's terminals; with a terminal, its zone, a note that its other plans are included, the
 * loading state and errors of the server's preview.
 */
export function TerminalPreviewBar({ terminal, onTerminal, planId, preview }: TerminalPreviewBarProps) {
  const { t } = useTranslation('planMake');
  return (
    <div className="apm-plan-terminal" data-testid="plan-terminal-preview">
      <Flex gap={8} align="center" wrap>
        <label htmlFor="plan-preview-terminal">{t('previewOn')}</label>
        <PreviewTerminalSelect
          id="plan-preview-terminal"
          value={terminal}
          onChange={onTerminal}
          localLabel={t('previewHere')}
          terminalLabel={(name) => t('previewTerminal', { name })}
          planId={planId ?? undefined}
          style={{ minWidth: 260 }}
          testId="plan-preview-terminal"
        />
        {terminal && preview.timeZone ? (
          <Tag color="blue" data-testid="plan-terminal-zone" data-zone={preview.timeZone}>
            {t('terminalZone', { name: terminal.name, zone: preview.timeZone })}
          </Tag>
        ) : null}
        {terminal && preview.loading ? (
          <Flex gap={4} align="center" role="status" data-testid="plan-terminal-loading">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('terminalLoading')}</Typography.Text>
          </Flex>
        ) : null}
      </Flex>
      {terminal ? (
        <Typography.Paragraph type="secondary" className="apm-plan-terminal-note">
          {t('otherPlansIncluded')}
        </Typography.Paragraph>
      ) : null}
      {terminal && preview.error ? (
        <Alert
          type="error"
          showIcon
          title={t('terminalFailed')}
          description={
            preview.error instanceof RequestError && preview.error.status === 404
              ? t('terminalGone')
              : planErrorText(preview.error)
          }
          action={
            <Button size="small" onClick={preview.retry}>
              {t('retry')}
            </Button>
          }
          style={{ marginBottom: 8 }}
          data-testid="plan-terminal-error"
        />
      ) : null}
    </div>
  );
}
