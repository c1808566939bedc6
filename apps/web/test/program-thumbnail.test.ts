import { describe, expect, it } from 'vitest';
import { dataUrlBytes, drawnInThumbnail, thumbnailSize } from '../src/pages/programs/program-thumbnail';

describe('program thumbnails', () => {
  it('keeps the canvas aspect ratio at the asked width', () => {
    expect(thumbnailSize({ w: 1920, h: 1080 }, 320)).toEqual({ width: 320, height: 180 });
    expect(thumbnailSize({ w: 1080, h: 1920 }, 320)).toEqual({ width: 320, height: 569 });
    expect(thumbnailSize({ w: 4000, h: 1 }, 320)).toEqual({ width: 320, height: 1 });
    expect(thumbnailSize({ w: 100, h: 100 }, 0)).toEqual({ width: 1, height: 1 });
  });

  it('counts the decoded bytes of a base64 data URL as the server does', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 1000, 204_800]) {
      const url = `data:image/jpeg;base64,${Buffer.alloc(bytes, 9).toString('base64')}`;
      expect(dataUrlBytes(url)).toBe(bytes);
    }
  });

  it('leaves out iframes (pages of other sites) and draws the rest', () => {
    expect(drawnInThumbnail({ tagName: 'IFRAME' } as HTMLElement)).toBe(false);
    expect(drawnInThumbnail({ tagName: 'IMG' } as HTMLElement)).toBe(true);
    expect(drawnInThumbnail({ tagName: 'DIV' } as HTMLElement)).toBe(true);
  });
});
