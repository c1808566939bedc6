import NProgress from 'nprogress';
import { useEffect } from 'react';

/**
 * Full-area spinner shown while a page or its data loads; also runs the top progress bar. Plain
 * CSS (`styles.css`), since it shows before antd has loaded.
 */
export function PageLoading() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return (
    <div className="apm-loading" aria-busy="true" aria-live="polite">
      <span className="apm-spinner" />
    </div>
  );
}
