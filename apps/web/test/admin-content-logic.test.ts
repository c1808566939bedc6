import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import dictionary from '../src/pages/dictionary/locales/en-US';
import faq from '../src/pages/faq/locales/en-US';
import messageNotification from '../src/pages/message-notification/locales/en-US';
import { dictErrorText } from '../src/pages/dictionary/dict-errors';
import { faqErrorText } from '../src/pages/faq/faq-errors';
import { notificationErrorText } from '../src/pages/message-notification/notification-errors';
import { notificationText } from '../src/services/notifications';
import { RequestError } from '../src/services/request';

const failure = (status: number, msg: string, reason?: string) =>
  new RequestError(msg, {
    code: status,
    status,
    kind: 'http',
    envelope: { code: status, msg, data: null, jsonObject: reason ? { reason } : null },
  });

describe('dictionary, FAQ and notification page logic', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { dictionary, faq, messageNotification } } });
  });

  it("shows the reader's language, else the brand default, US, CN, then any, naming the language", () => {
    const contents = { CN: '维护', US: 'Maintenance', IT: 'Manutenzione', KR: '점검' };
    expect(notificationText({ contents }, ['IT', 'CN'])).toEqual({ text: 'Manutenzione', language: 'IT' });
    expect(notificationText({ contents }, ['RU', 'KR'])).toEqual({ text: '점검', language: 'KR' });
    expect(notificationText({ contents }, ['RU'])).toEqual({ text: 'Maintenance', language: 'US' });
    expect(notificationText({ contents: { IT: 'Ciao', FR: 'Salut' } }, ['RU', 'CN'])).toEqual({
      text: 'Ciao',
      language: 'IT',
    });
    // Older servers answer only the spec's two fields: they are CN and US.
    expect(notificationText({ contentCn: '维护', contentEn: '' }, ['US'])).toEqual({
      text: '维护',
      language: 'CN',
    });
    expect(notificationText({ contents: {} }, ['US'])).toEqual({ text: '', language: null });
  });

  it('translates known reasons and otherwise shows the server message', () => {
    expect(dictErrorText(failure(409, 'The value x already exists', 'duplicateValue'))).toBe(
      dictionary.errors.duplicateValue,
    );
    expect(faqErrorText(failure(403, 'Request denied', 'platformOnly'))).toBe(faq.errors.platformOnly);
    expect(notificationErrorText(failure(400, 'userIds: out of range', 'targetOutOfRange'))).toBe(
      messageNotification.errors.targetOutOfRange,
    );
    expect(dictErrorText(failure(400, 'type must start with a letter', 'validation'))).toBe(
      'type must start with a letter',
    );
    expect(notificationErrorText(new Error('boom'))).toBe('Error: boom');
  });
});
