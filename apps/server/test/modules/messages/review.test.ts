import type { ServerMessage } from '@apm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connect,
  listeningApp,
  type ChannelClient,
  type ListeningApp,
} from '../../terminal/channel-client.js';
import { caller, claimDevice, consoleFixture, type Device } from '../terminals/fixture.js';
import { PASSWORD, addRole, addUser } from '../users/fixture.js';
import { login } from '../../helpers/app.js';
import { programDoc } from '../programs/fixture.js';
import { messageDoc, toTerminals } from './fixture.js';

type Command = Extract<ServerMessage, { type: 'command' }>;

describe('message review: with the audit switch on nothing unapproved reaches a terminal', () => {
  let t: ListeningApp;
  let f: Awaited<ReturnType<typeof consoleFixture>>;
  let api: ReturnType<typeof caller>;
  let reviewer: string;
  let bReviewer: string;
  let screen: Device;
  let client: ChannelClient;

  beforeAll(async () => {
    t = await listeningApp();
    f = await consoleFixture(t);
    api = caller(t.app);
    const grants = ['review:message:view', 'review:message:review', 'message:form:add', 'message:form:edit'];
    await addUser(t.db, 'a1msgreviewer', f.offices.a1.id, [
      await addRole(t.db, 'msgReviewA1', f.offices.a1.id, grants),
    ]);
    reviewer = await login(t.app, 'a1msgreviewer', PASSWORD);
    await addUser(t.db, 'bmsgreviewer', f.offices.b.id, [
      await addRole(t.db, 'msgReviewB', f.offices.b.id, grants),
    ]);
    bReviewer = await login(t.app, 'bmsgreviewer', PASSWORD);
    screen = await claimDevice(t.app, f.a1, f.offices.a1.id, 'Hall');
    client = await connect(t, screen.token);
  });
  afterAll(async () => {
    client.close();
    await t.close();
  });

  const post = (url: string, payload: object, cookie = f.a1) =>
    api.post(`publishMessage/${url}`, cookie, payload);
  const save = async (name: string, extra: object = {}, cookie = f.a1) => {
    const res = await post(
      'ajaxSave',
      { name, document: messageDoc('ticker', name), targets: toTerminals(screen.terminalId), ...extra },
      cookie,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; revision: number; reviewState: string };
  };
  const manifestMessages = async () => {
    const res = await t.app.inject({
      url: '/apm-web/terminal/manifest',
      headers: { authorization: `Device ${screen.token}` },
    });
    return (res.json().data.messages as { id: number; revision: number }[]).map((m) => [m.id, m.revision]);
  };
  const bell = async (cookie = f.a1) =>
    (await api.get('messageNotification/list?pageSize=50&language=US', cookie)).body.data as {
      unread: number;
      list: { content: string }[];
    };
  const history = async (id: number) =>
    (
      (await api.get(`review/history?kind=message&id=${id}`, reviewer)).body.data as {
        action: string;
        note: string | null;
      }[]
    ).map((h) => [h.action, h.note]);
  const nextCommand = async (name: string): Promise<Command> => {
    const command = await client.next('command');
    expect(command.name).toBe(name);
    return command;
  };
  const noCommands = async () => {
    await new Promise((r) => setTimeout(r, 200));
    expect(client.pending().filter((m) => m.type === 'command')).toEqual([]);
  };

  it('keeps a saved message pending: it cannot be sent or played, the manifest leaves it out; reviewers are told', async () => {
    await t.app.services.settings.set('auditOpen', true);
    const before = await bell(reviewer);
    const waiting = await save('Needs a look');
    expect(waiting.reviewState).toBe('pending');
    expect((await bell(reviewer)).list[0]!.content).toBe(
      'A new message “Needs a look” waits for your review.',
    );
    expect((await bell(reviewer)).unread).toBe(before.unread + 1);
    const send = await post('savePublish', { id: waiting.id });
    expect(send.status).toBe(409);
    expect(send.body.msg).toContain('pending');
    expect((await post('reuploadMessage', { id: waiting.id })).status).toBe(409);
    const play = await api.post('terminalSet/playMessage', f.a1, {
      terminalIds: [screen.terminalId],
      messageId: waiting.id,
    });
    expect(play.status).toBe(409);
    // Even a row written behind the API's back does not put it in the manifest.
    await t.db.execute(
      sql`INSERT INTO message_terminals (message_id, terminal_id, revision) VALUES (${waiting.id}, ${screen.terminalId}, 1)`,
    );
    expect(await manifestMessages()).toEqual([]);
    await noCommands();
    expect(await history(waiting.id)).toEqual([['submitted', null]]);
  });

  it('lists pending messages to reviewers of the same range; rejects with a note (the maker is told), resubmits, approves', async () => {
    const [waiting] = (
      (await api.get('publishMessage/checklist', reviewer)).body.data as {
        list: { id: number; name: string }[];
      }
    ).list;
    expect(waiting).toMatchObject({ name: 'Needs a look' });
    expect(
      ((await api.get('publishMessage/checklist', bReviewer)).body.data as { count: number }).count,
    ).toBe(0);
    expect((await post('submitResult', { ids: [waiting!.id], result: 'approved' }, bReviewer)).status).toBe(
      404,
    );
    expect((await post('submitResult', { ids: [waiting!.id], result: 'approved' }, f.a1)).status).toBe(403);
    const noNote = await post(
      'submitResult',
      { ids: [waiting!.id], result: 'rejected', note: ' ' },
      reviewer,
    );
    expect(noNote.status).toBe(400);
    const rejected = await post(
      'submitResult',
      { ids: [waiting!.id], result: 'rejected', note: 'Wrong hours' },
      reviewer,
    );
    expect(rejected.status).toBe(200);
    expect((await bell()).list[0]!.content).toBe(
      'Your message “Needs a look” was rejected. Review note: Wrong hours',
    );
    expect(
      (await api.get(`publishMessage/getPublishMessage?id=${waiting!.id}`, f.a1)).body.data,
    ).toMatchObject({
      reviewState: 'rejected',
      reviewNote: 'Wrong hours',
      reviewerName: 'a1msgreviewer',
    });

    expect((await post('submitNote', { id: waiting!.id, note: ' ' })).status).toBe(400);
    const resubmitted = await post('submitNote', { id: waiting!.id, note: 'Hours fixed' });
    expect(resubmitted.status).toBe(200);
    expect((await post('submitNote', { id: waiting!.id, note: 'Again' })).status).toBe(409);
    expect((await bell(reviewer)).list[0]!.content).toBe(
      'A new message “Needs a look” waits for your review.',
    );

    expect((await post('submitResult', { ids: [waiting!.id], result: 'approved' }, reviewer)).status).toBe(
      200,
    );
    expect((await bell()).list[0]!.content).toBe('Your message “Needs a look” was approved.');
    expect(await history(waiting!.id)).toEqual([
      ['submitted', null],
      ['rejected', 'Wrong hours'],
      ['resubmitted', 'Hours fixed'],
      ['approved', null],
    ]);
    // The row written by hand above made the terminal a holder: deleting stops it there.
    expect((await api.post('publishMessage/ajaxDelete', f.a1, { ids: [waiting!.id] })).status).toBe(200);
    expect((await nextCommand('stopMessage')).params).toEqual({ messageId: waiting!.id });
  });

  it('sends an approved message; a re-save is withheld from the screen until approved, then its new revision goes out', async () => {
    const msg = await save('Opening hours');
    await post('submitResult', { ids: [msg.id], result: 'approved' }, reviewer);
    expect((await post('savePublish', { id: msg.id })).status).toBe(200);
    const first = await nextCommand('showMessage');
    client.send({ type: 'ack', commandId: first.commandId, ok: true, result: { showing: true } });
    expect(await manifestMessages()).toEqual([[msg.id, 1]]);

    const edited = await save('Opening hours', { id: msg.id });
    expect(edited).toMatchObject({ reviewState: 'pending', revision: 2 });
    // The terminal is told to fetch its manifest, which no longer lists it.
    await client.next('manifest');
    expect(await manifestMessages()).toEqual([]);
    await noCommands();

    expect((await post('submitResult', { ids: [msg.id], result: 'approved' }, reviewer)).status).toBe(200);
    const second = await nextCommand('showMessage');
    expect(second.params).toMatchObject({ message: { id: msg.id, revision: 2 } });
    expect(await manifestMessages()).toEqual([[msg.id, 2]]);
  });

  it('approves a reviewer’s own message at once when auto-approval is on (an autoApproved step)', async () => {
    expect((await save('Reviewer wrote it', {}, reviewer)).reviewState).toBe('pending');
    await t.app.services.settings.set('reviewAutoApprove', true);
    const own = await save('Reviewer again', {}, reviewer);
    expect(own.reviewState).toBe('approved');
    expect(await history(own.id)).toEqual([['autoApproved', null]]);
    const pending = await save('Maker again');
    expect(pending.reviewState).toBe('pending');
    expect((await post('savePublish', { id: pending.id })).status).toBe(409);
    await t.app.services.settings.set('auditOpen', false);
    const free = await save('No review');
    expect(free.reviewState).toBe('approved');
    expect(await history(free.id)).toEqual([]);
    // With the switch off, review no longer holds anything back: the waiting message may be sent.
    expect((await post('savePublish', { id: pending.id })).status).toBe(200);
    await nextCommand('showMessage');
    expect(await manifestMessages()).toContainEqual([pending.id, 1]);
  });
  it('refuses to send a takeover whose program is not approved, even when the message is (409 naming the field)', async () => {
    await t.app.services.settings.set('auditOpen', true);
    await t.app.services.settings.set('reviewAutoApprove', false);
    const program = (await api.post('program/save', f.a1, { document: programDoc('Evacuation plan') })).body
      .data as { id: number; reviewState: string };
    expect(program.reviewState).toBe('pending');
    const takeover = await save('Evacuate', {
      document: messageDoc('takeover', '', { takeover: { programId: program.id, align: 'center' } }),
    });
    await post('submitResult', { ids: [takeover.id], result: 'approved' }, reviewer);
    const refused = await post('savePublish', { id: takeover.id });
    expect(refused.status).toBe(409);
    expect(Object.keys((refused.body.jsonObject as { fields: object }).fields)).toEqual([
      'document.takeover.programId',
    ]);
    await noCommands();
    await t.app.services.settings.set('auditOpen', false);
  });
});
