import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { getProgram } from '../../services/program';
import { programErrorText } from '../programs/program-errors';
import ProgramEditor from './ProgramEditor';
import './program-editor.css';

/** The program list the editor returns to. */
export const PROGRAM_LIST_PATH = '/program/make';

/** The query of the program being edited (its key is the one the list's preview uses). */
export const editedProgramQuery = (id: number) => ({
  queryKey: ['program', 'detail', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getProgram(id, signal),
  // The editor holds its own copy: the server's is read again only when asked (a conflict).
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

/** `/programEditor?id=N`: loads the program, then opens the full-screen editor on it. */
export default function ProgramEditorPage() {
  const { t } = useTranslation('programEditor');
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useQuery({ ...editedProgramQuery(id ?? 0), enabled: id !== null });

  if (id === null) {
    return (
      <Result
        status="404"
        title={t('noProgram')}
        extra={
          <Link to={PROGRAM_LIST_PATH}>
            <Button type="primary">{t('back')}</Button>
          </Link>
        }
      />
    );
  }
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={t('openFailed')}
        subTitle={programErrorText(query.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>,
          <Link key="back" to={PROGRAM_LIST_PATH}>
            <Button>{t('back')}</Button>
          </Link>,
        ]}
      />
    );
  }
  // A new revision from the server (after a conflict) opens a fresh editor on it.
  return <ProgramEditor key={`${id}:${query.data.revision}`} detail={query.data} />;
}
