import { Navigate } from 'react-router';

/**
 * `apm-web/a`, the console's entry (the spec's "APM" page): old bookmarks and links into the
 * legacy console land there; it opens the home page in its place.
 */
export default function ApmEntryPage() {
  return <Navigate to="/home" replace />;
}
