import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { VISUALLY_HIDDEN } from '../../components/PageHeading';
import { PageLoading } from '../../components/PageLoading';
import { getPlan, planKeys } from '../../services/plans';
import { planErrorText } from './plan-errors';
import PlanEditor from './PlanEditor';
import './plan-make.css';

/** The plan list the full-screen editor returns to. */
export const PLAN_LIST_PATH = '/playPlan/list';

/**
 * Plan production: `playPlan/planMake` in the shell and `/PlanMake` full screen; `?id=N` edits plan N,
 * no id creates one (its first save puts the new id in the address without reopening the editor).
 */
export default function PlanMakePage() {
  const { t } = useTranslation('planMake');
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const fullScreen = pathname.toLowerCase() === '/planmake';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const raw = params.get('id');
  const id = raw !== null && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  // A plan created in this editor keeps its editor (and undo history) when its id enters the address.
  const [created, setCreated] = useState<number | null>(null);
  const load = id !== null && id !== created;
  const query = useQuery({
    queryKey: planKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getPlan(id!, signal),
    enabled: load,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const body = (() => {
    if (raw !== null && id === null) return <Result status="404" title={t('badId')} />;
    if (load && query.isPending) return <PageLoading />;
    if (load && query.isError)
      return (
        <Result
          status="warning"
          title={t('openFailed')}
          subTitle={planErrorText(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      );
    const detail = load ? query.data! : null;
    return (
      <PlanEditor
        key={detail ? `${detail.id}:${detail.revision}` : 'new'}
        detail={detail}
        onCreated={(newId) => {
          setCreated(newId);
          setParams({ id: String(newId) }, { replace: true });
        }}
        onOpenTheirs={() => {
          setCreated(null);
          if (id !== null) void queryClient.refetchQueries({ queryKey: planKeys.detail(id) });
        }}
      />
    );
  })();

  if (fullScreen)
    return (
      <main className="apm-plan-full">
        <h1 style={VISUALLY_HIDDEN}>{t('title')}</h1>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate(PLAN_LIST_PATH)}>
          {t('backToList')}
        </Button>
        {body}
      </main>
    );
  return <Card title={t('title')}>{body}</Card>;
}
