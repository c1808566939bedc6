import { useQuery } from '@tanstack/react-query';
import type { ProgramDocument } from '@apm/contract';
import type { PreviewState } from '@apm/renderer';
import { Result, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VISUALLY_HIDDEN } from '../../components/PageHeading';
import { programErrorText } from '../programs/program-errors';
import { PreviewStateLine } from './EditorDialogs';
import { editedProgramQuery } from './ProgramEditorPage';

const ProgramPreview = lazy(() => import('../../components/ProgramPreview'));

/**
 * `/inframe?programId=N`: a saved program playing in the whole window through the shared renderer, as its
 * terminals play it (buttons work, arrows change scenes), with its preview state below; the console may
 * show it in a frame (its security headers allow the console alone to frame it).
 */
export default function InframePage() {
  const { t } = useTranslation('programEditor');
  const [params] = useSearchParams();
  const raw = params.get('programId') ?? '';
  const id = /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  const query = useQuery({ ...editedProgramQuery(id ?? 0), enabled: id !== null });
  const [state, setState] = useState<PreviewState | null>(null);

  if (id === null) return <Result status="404" title={t('noProgram')} />;
  if (query.isError)
    return <Result status="warning" title={t('openFailed')} subTitle={programErrorText(query.error)} />;
  if (!query.data) return <Spin style={{ display: 'block', padding: 48 }} />;
  const document = query.data.document as unknown as ProgramDocument;
  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="inframe">
      <h1 style={VISUALLY_HIDDEN}>{document.name}</h1>
      <Suspense fallback={<Spin />}>
        <ProgramPreview program={document} height="calc(100vh - 28px)" onStateChange={setState} />
      </Suspense>
      <div style={{ padding: '4px 12px' }}>
        <PreviewStateLine document={document} state={state} />
      </div>
    </div>
  );
}
