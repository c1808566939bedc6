import { ExceptionResult } from '../../components/ExceptionResult';

/** The 404 page. */
export default function NotFoundPage() {
  return <ExceptionResult status="404" />;
}
