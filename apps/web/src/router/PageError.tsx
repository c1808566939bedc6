import { RouteErrorView } from '../components/RouteErrorView';

/**
 * Error boundary of each page inside the shell: a page whose chunk fails to load (or that
 * throws) shows its error in the content area, with the header, menu and tabs still there.
 */
export function PageError() {
  return <RouteErrorView scope="page" style={{ minHeight: '40vh' }} />;
}
