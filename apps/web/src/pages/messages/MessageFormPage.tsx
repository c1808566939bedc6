import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { getMessage, messageKeys } from '../../services/message';
import { messageErrorText } from './message-errors';
import MessageEditor from './MessageEditor';

/**
 * `message/form`: message production; `?id=N` edits message N, no id makes a new one (its first save
 * puts the id in the address without reopening the form).
 */
export default function MessageFormPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const raw = params.get('id');
  const id =
    raw !== null && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  // A message created in this form keeps its form when its id enters the address.
  const [created, setCreated] = useState<number | null>(null);
  const load = id !== null && id !== created;
  const query = useQuery({
    queryKey: messageKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getMessage(id!, signal),
    enabled: load,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const body = (() => {
    if (raw !== null && id === null) return <Result status="404" title={t('form.badId')} />;
    if (load && query.isPending) return <PageLoading />;
    if (load && query.isError)
      return (
        <Result
          status="warning"
          title={t('form.openFailed')}
          subTitle={messageErrorText(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      );
    const detail = load ? query.data! : null;
    return (
      <MessageEditor
        key={detail ? `${detail.id}:${detail.revision}` : 'new'}
        detail={detail}
        onCreated={(newId) => {
          setCreated(newId);
          setParams({ id: String(newId) }, { replace: true });
        }}
        onOpenTheirs={() => {
          setCreated(null);
          if (id !== null) void queryClient.refetchQueries({ queryKey: messageKeys.detail(id) });
        }}
      />
    );
  })();

  return <Card title={t('form.title')}>{body}</Card>;
}
