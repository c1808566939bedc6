import { ExceptionResult } from '../../components/ExceptionResult';

/** The 403 page. */
export default function ForbiddenPage() {
  return <ExceptionResult status="403" />;
}
