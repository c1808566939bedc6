import { RouteErrorView } from '../../components/RouteErrorView';

export { isChunkLoadFailure } from '../../utils/chunk-reload';

/** Error boundary of the whole route tree: what failed outside the shell's pages fills the window. */
export function RouteErrorPage() {
  return <RouteErrorView scope="app" style={{ minHeight: '100%' }} />;
}
