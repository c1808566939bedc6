import { WarningOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../../utils/with-timeout';

/** Messages browsers give when a dynamically imported chunk fails to load (e.g. after a redeploy). */
const CHUNK_FAILURE =
  /dynamically imported module|module script failed|Importing a module script|error loading dynamically/i;

/** Whether an error is a failed or timed-out script chunk. */
export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/**
 * Error boundary of the route tree. It is part of the first bundle and must work when chunks
 * cannot be loaded, so it uses only light components (no antd Result illustrations).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
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
      style={{ minHeight: '100%', padding: 24, textAlign: 'center' }}
    >
      <WarningOutlined style={{ fontSize: 56, color: token.colorWarning }} />
      <h2 style={{ margin: 0, fontSize: token.fontSizeHeading4, color: token.colorText }}>{title}</h2>
      {detail ? <p style={{ margin: 0, color: token.colorTextSecondary }}>{detail}</p> : null}
      <Flex gap={8}>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
        <Button href="/">{t('common.backHome')}</Button>
      </Flex>
    </Flex>
  );
}
