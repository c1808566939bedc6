import { ExceptionResult } from '../../components/ExceptionResult';

/** The 500 page. */
export default function ServerErrorPage() {
  return <ExceptionResult status="500" />;
}
