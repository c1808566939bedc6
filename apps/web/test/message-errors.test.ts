import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import messages from '../src/pages/messages/locales/en-US';
import { messageErrorText } from '../src/pages/messages/message-errors';
import { RequestError } from '../src/services/request';

/** A refused call as the server answers it: status, message, reason and named fields. */
const refusal = (status: number, msg: string, reason?: string, fields?: Record<string, string>) =>
  new RequestError(msg, {
    code: status,
    status,
    kind: 'http',
    envelope: {
      code: status,
      msg,
      data: null,
      jsonObject: { ...(reason ? { reason } : {}), ...(fields ? { fields } : {}) },
    },
  });

describe('message call errors', () => {
  beforeAll(async () => {
    await i18n.init({ lng: 'en-US', resources: { 'en-US': { messages } } });
  });

  it('translates the reasons the server gives', () => {
    expect(messageErrorText(refusal(409, 'saved by someone else', 'messageConflict'))).toBe(
      'Someone else saved this message meanwhile',
    );
    expect(
      messageErrorText(refusal(409, 'Message x is pending', 'notApproved', { id: 'message is pending' })),
    ).toBe('The message has not been approved yet');
    expect(messageErrorText(refusal(409, 'ended', 'expired', { 'document.validUntil': 'is past' }))).toMatch(
      /end has passed/,
    );
  });

  it('says which part is not approved: the notice’s image or the takeover’s program', () => {
    const image = refusal(409, 'image pending', 'notApproved', {
      'document.notice.imageMaterialId': 'pending',
    });
    expect(messageErrorText(image)).toBe('The notice’s image has not been approved yet');
    const program = refusal(409, 'program pending', 'notApproved', {
      'document.takeover.programId': 'pending',
    });
    expect(messageErrorText(program)).toBe('The takeover’s program has not been approved yet');
  });

  it('explains targets without a terminal, and passes other server messages on', () => {
    expect(messageErrorText(refusal(400, 'targets: none', undefined, { targets: 'none' }))).toMatch(
      /no claimed terminal/,
    );
    expect(messageErrorText(refusal(400, 'name is required', undefined, { name: 'required' }))).toBe(
      'name is required',
    );
  });
});
