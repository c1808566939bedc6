import { WarningOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadFailure, reloadOnceForChunkFailure } from '../utils/chunk-reload';

/** Props of {@link RouteErrorView}. */
export interface RouteErrorViewProps {
  /** `app`: the whole window (nothing else could be shown); `page`: the shell's content area. */
  scope: 'app' | 'page';
  style?: CSSProperties;
}

/**
 * What a route error boundary shows: a title, a detail, Reload (and, for the whole window, Back
 * to home). A chunk that failed to load reloads the page once by itself (a deploy replaced it).
 * Part of the first bundle: it works while chunks cannot be loaded, with light components only.
 */
export function RouteErrorView({ scope, style }: RouteErrorViewProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    console.error(error);
    setReloading(reloadOnceForChunkFailure(error));
  }, [error]);

  let title: string = t('exception.appError');
  let detail: string | undefined = error instanceof Error ? error.message : undefined;
  if (isRouteErrorResponse(error)) {
    title =
      error.status === 404
        ? t('exception.notFound')
        : error.status === 403
          ? t('exception.forbidden')
          : title;
    detail = `${error.status} ${error.statusText}`.trim();
  } else if (isChunkLoadFailure(error)) {
    title = t('exception.chunkError');
    detail = undefined;
  }

  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      role="alert"
      style={{ padding: 24, textAlign: 'center', ...style }}
      data-testid="route-error"
      data-scope={scope}
    >
      <WarningOutlined aria-hidden style={{ fontSize: 56, color: token.colorWarning }} />
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading4, color: token.colorText }}>{title}</h2>
      {detail ? <p style={{ margin: 0, color: token.colorTextSecondary }}>{detail}</p> : null}
      <Flex gap={8}>
        <Button
          type="primary"
          loading={reloading}
          onClick={() => window.location.reload()}
          data-testid="route-error-reload"
        >
          {t('common.reload')}
        </Button>
        {scope === 'app' ? <Button href="/">{t('common.backHome')}</Button> : null}
      </Flex>
    </Flex>
  );
}
