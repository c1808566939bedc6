import { useQuery } from '@tanstack/react-query';
import type { ProgramDocument } from '@apm/contract';
import { Alert, Modal, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { getProgram } from '../services/program';
import { describeError, RequestError } from '../services/request';

const ProgramPreview = lazy(() => import('./ProgramPreview'));

/** Props of {@link ProgramPreviewModal}. */
export interface ProgramPreviewModalProps {
  id: number;
  /** Shown until the program's name has loaded. */
  title: string;
  onClose(): void;
}

/** A dialog playing a program as its terminals will (loaded by id), for makers and reviewers. */
export function ProgramPreviewModal({ id, title, onClose }: ProgramPreviewModalProps) {
  const detail = useQuery({
    queryKey: ['program', 'detail', id],
    queryFn: ({ signal }) => getProgram(id, signal),
  });
  return (
    <Modal
      open
      title={detail.data?.name ?? title}
      footer={null}
      width={880}
      onCancel={onClose}
      destroyOnHidden
    >
      {detail.isError ? (
        <Alert
          type="error"
          showIcon
          message={detail.error instanceof RequestError ? describeError(detail.error) : String(detail.error)}
        />
      ) : detail.data ? (
        <Suspense fallback={<Spin />}>
          <ProgramPreview program={detail.data.document as unknown as ProgramDocument} height={470} />
        </Suspense>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
