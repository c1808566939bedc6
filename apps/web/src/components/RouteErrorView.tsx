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

/** Warning sign (antd's WarningOutlined path), drawn without the icon package. */
const WARNING_PATH =
  'M464 720a48 48 0 1096 0 48 48 0 10-96 0zm16-304v184c0 4.4 3.6 8 8 8h48c4.4 0 8-3.6 8-8V416c0-4.4-3.6-8-8-8h-48c-4.4 0-8 3.6-8 8zm475.7 440l-416-720c-6.2-10.7-16.9-16-27.7-16s-21.6 5.3-27.7 16l-416 720C56 877.4 71.4 904 96 904h832c24.6 0 40-26.6 27.7-48zm-783.5-27.9L512 239.9l339.8 588.2H172.2z';

/**
 * What a route error boundary shows: a title, a detail, Reload (and, for the whole window, Back
 * to home). A chunk that failed to load reloads the page once by itself (a deploy replaced it).
 * Part of the first bundle and plain (`styles.css`): it works while no other chunk loads.
 */
export function RouteErrorView({ scope, style }: RouteErrorViewProps) {
  const { t } = useTranslation();
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
    <div className="apm-error" role="alert" style={style} data-testid="route-error" data-scope={scope}>
      <svg viewBox="64 64 896 896" width="56" height="56" fill="#ad4e00" aria-hidden focusable="false">
        <path d={WARNING_PATH} />
      </svg>
      <h2>{title}</h2>
      {detail ? <p>{detail}</p> : null}
      <div className="apm-error-actions">
        <button
          type="button"
          className="apm-error-primary"
          onClick={() => window.location.reload()}
          disabled={reloading}
          data-testid="route-error-reload"
        >
          {reloading ? <span className="apm-spinner" aria-hidden /> : null}
          {t('common.reload')}
        </button>
        {scope === 'app' ? <a href="/">{t('common.backHome')}</a> : null}
      </div>
    </div>
  );
}
