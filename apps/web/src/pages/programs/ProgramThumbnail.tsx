import { PictureOutlined } from '@ant-design/icons';
import type { ProgramSummary } from '@apm/contract';
import { theme } from 'antd';
import { useState } from 'react';
import { programThumbnailUrl } from '../../services/program';

/** Size of a thumbnail in the program list, in CSS px (16:9, the usual canvas). */
export const THUMBNAIL_BOX = { width: 64, height: 36 } as const;

/**
 * A program's thumbnail in the list: its first scene as stored by the console (loaded lazily, fitted
 * whole), or a neutral placeholder while it has none or the image fails. Decorative: the name beside it
 * says which program it is.
 */
export function ProgramThumbnail({ program }: { program: Pick<ProgramSummary, 'id' | 'thumbnailRevision'> }) {
  const { token } = theme.useToken();
  const src =
    program.thumbnailRevision === null ? null : programThumbnailUrl(program.id, program.thumbnailRevision);
  // The URL changes with the revision: a new image gets a new chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = src !== null && src !== failedSrc;
  return (
    <span
      data-testid="program-thumbnail"
      style={{
        ...THUMBNAIL_BOX,
        flex: 'none',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        borderRadius: token.borderRadiusSM,
        background: token.colorFillTertiary,
      }}
    >
      {shown ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          width={THUMBNAIL_BOX.width}
          height={THUMBNAIL_BOX.height}
          style={{ objectFit: 'contain', display: 'block' }}
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <PictureOutlined aria-hidden style={{ color: token.colorTextQuaternary, fontSize: 16 }} />
      )}
    </span>
  );
}
