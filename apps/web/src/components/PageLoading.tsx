import { Flex, Spin } from 'antd';
import NProgress from 'nprogress';
import { useEffect } from 'react';

/** Full-area spinner shown while a page or its data loads; also runs the top progress bar. */
export function PageLoading() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
