import { defaultMessageDocument, type TerminalMessagePayload } from '@apm/contract';
import { describe, expect, it } from 'vitest';
import { messageImageUrl } from '../src/messages.js';

const notice = (imageMaterialId: number | null, imageUrl?: string | null): TerminalMessagePayload => {
  const document = defaultMessageDocument('notice');
  return {
    id: 1,
    revision: 1,
    name: 'N',
    document: { ...document, notice: { ...document.notice!, imageMaterialId } },
    imageUrl,
  };
};

describe('messageImageUrl', () => {
  it('takes the cached copy first', () => {
    expect(messageImageUrl(notice(5, '/terminal/files/5'), () => 'blob:x', 'tok')).toBe('blob:x');
  });

  it('else the download URL under the API base with the device token', () => {
    expect(messageImageUrl(notice(5, '/terminal/files/5'), () => undefined, 't k')).toBe(
      '/apm-web/terminal/files/5?token=t%20k',
    );
    expect(messageImageUrl(notice(5, '/apm-web/terminal/files/5?a=1'), () => undefined, 'x')).toBe(
      '/apm-web/terminal/files/5?a=1&token=x',
    );
    expect(messageImageUrl(notice(5, 'https://cdn/x.png?token=y'), () => undefined, 'x')).toBe(
      'https://cdn/x.png?token=y',
    );
  });

  it('is null without an image', () => {
    expect(messageImageUrl(notice(null, '/x'), () => 'blob:x', 'x')).toBeNull();
    expect(messageImageUrl(notice(5, null), () => undefined, 'x')).toBeNull();
  });
});
