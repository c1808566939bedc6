import { COMMAND_NAMES, COMMAND_PARAMS, EnvelopeOf, type CommandName } from '@apm/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type, type TProperties } from 'typebox';
import { programs } from '../../db/schema/index.js';
import { ok } from '../../lib/envelope.js';
import type { AuthContext } from '../auth/session-service.js';
import { IdsSchema, idsOf } from '../materials/ids.js';
import { programScope } from '../programs/program-queries.js';
import { fieldError } from '../users/user-access.js';
import { TerminalConsoleCommands } from './command-service.js';
import { Id, TERMINAL_COMMANDERS } from './schemas.js';
import { SentSchema, Target, paramsOf, targetOf, type TargetBody } from './command-target.js';

const tags = ['terminal'];
const SET = '/a/api/terminalSet';

/** Commands to terminals (`/a/api/terminalSet/...`): one route per command, and any command by name. */
const commandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const commands = new TerminalConsoleCommands(app.db, app.services.terminalCommands);

  /** A message to terminals now (`playMessage`): checked and recorded by the messages module. */
  const playMessage = async (auth: AuthContext, body: TargetBody, messageId: number) => {
    const { messageDelivery } = app.services;
    await messageDelivery.messageInScope(auth, messageId, 'messageId');
    const terminalIds = await commands.resolve(auth, targetOf(body));
    const sent = await messageDelivery.playNow(auth, messageId, terminalIds);
    return { ...sent, count: sent.commands.length };
  };

  const send = async (
    auth: AuthContext,
    body: TargetBody,
    name: CommandName,
    params: Record<string, unknown>,
  ) => commands.send(auth, targetOf(body), name, params, body.ttlSeconds);

  /** A route sending one command whose params come from body fields. */
  const commandRoute = <P extends TProperties>(
    path: string,
    name: CommandName,
    summary: string,
    props: P,
    prepare: (
      auth: AuthContext,
      params: Record<string, unknown>,
    ) => Promise<Record<string, unknown>> | Record<string, unknown> = (_auth, params) => params,
  ) =>
    app.post(
      `${SET}/${path}`,
      {
        config: { access: TERMINAL_COMMANDERS },
        schema: {
          tags,
          summary,
          body: Type.Object({ ...Target, ...props }),
          response: { 200: EnvelopeOf(SentSchema) },
        },
      },
      async (request) => {
        const { terminalIds, groupIds, officeId, ttlSeconds, ...params } = request.body as TargetBody &
          Record<string, unknown>;
        const auth = request.auth!;
        const sent = await send(
          auth,
          { terminalIds, groupIds, officeId, ttlSeconds },
          name,
          await prepare(auth, params),
        );
        request.log.info(
          { command: name, batchId: sent.batchId, count: sent.count },
          'terminal command sent',
        );
        return ok(sent);
      },
    );

  app.post(
    `${SET}/command`,
    {
      config: { access: TERMINAL_COMMANDERS },
      schema: {
        tags,
        summary:
          'Sends any command of the protocol (name, params as in the contract’s COMMAND_PARAMS) to the target',
        body: Type.Object({
          ...Target,
          name: Type.Enum([...COMMAND_NAMES]),
          params: Type.Optional(
            Type.Union([
              Type.Object({}, { additionalProperties: true }),
              Type.String({ maxLength: 100_000 }),
            ]),
          ),
        }),
        response: { 200: EnvelopeOf(SentSchema) },
      },
    },
    async (request) => {
      const { name, params, ...target } = request.body;
      // A strategy reaches terminals through its own flow (linked terminals, delivery recorded per terminal).
      if (name === 'applyStrategy') {
        throw fieldError(400, 'name', 'name: send a strategy with strategy/sendStrategy');
      }
      // Messages reach terminals through their own flow (in scope, approved, recorded per terminal).
      if (name === 'showMessage' || name === 'playMessage') {
        const { messageId } = name === 'playMessage' ? paramsOf(params) : { messageId: undefined };
        if (typeof messageId !== 'number')
          throw fieldError(
            400,
            'name',
            `name: send ${name} with publishMessage/savePublish or terminalSet/playMessage`,
          );
        const sent = await playMessage(request.auth!, target, messageId);
        return ok(sent);
      }
      const sent = await send(request.auth!, target, name, paramsOf(params));
      request.log.info({ command: name, batchId: sent.batchId, count: sent.count }, 'terminal command sent');
      return ok(sent);
    },
  );

  commandRoute('reboot', 'reboot', 'Reboots the terminals (the web player reloads)', {});
  commandRoute(
    'screenShoot',
    'screenshot',
    'Real-time screenshot: the terminals capture their screen and upload it; the ack result carries screenshotId',
    {},
  );
  commandRoute(
    'doClearProgram',
    'clearPrograms',
    'The terminals stop and forget their programs until told to refresh',
    {},
  );
  commandRoute('refreshTerminalPrograms', 'refreshPrograms', 'The terminals fetch their manifest again', {});
  commandRoute(
    'deleteFileByTerminalIds',
    'deleteFiles',
    'The terminals delete cached files (materialIds; none = all)',
    { materialIds: Type.Optional(IdsSchema) },
    (_auth, { materialIds }) =>
      materialIds === undefined ? {} : { materialIds: idsOf(materialIds as number[] | string) },
  );
  commandRoute(
    'playProgram',
    'playProgram',
    'Play an approved program of the caller’s data range now (409 for one waiting for review or rejected)',
    { programId: Id },
    async (auth, params) => {
      const [program] = await app.db
        .select({ id: programs.id, name: programs.name, reviewState: programs.reviewState })
        .from(programs)
        .where(and(eq(programs.id, params.programId as number), programScope(auth)));
      if (!program)
        throw fieldError(
          404,
          'programId',
          `programId: no program ${String(params.programId)} in your scope`,
          'notFound',
        );
      // Review is enforced here, not left to the player: nothing unapproved is sent to a screen.
      if (program.reviewState !== 'approved') {
        throw fieldError(
          409,
          'programId',
          `programId: only approved programs can be played; ${program.name} is ${program.reviewState}`,
          'notApproved',
        );
      }
      return params;
    },
  );
  app.post(
    `${SET}/playMessage`,
    {
      config: { access: TERMINAL_COMMANDERS },
      schema: {
        tags,
        summary:
          'Play a message now: a message of the caller’s data range, not deleted, approved while the audit switch is on (404/409), goes to the terminals as showMessage (recorded with its delivery)',
        body: Type.Object({ ...Target, messageId: Id }),
        response: { 200: EnvelopeOf(SentSchema) },
      },
    },
    async (request) => {
      const { messageId, ...target } = request.body;
      const sent = await playMessage(request.auth!, target, messageId);
      request.log.info(
        { command: 'showMessage', batchId: sent.batchId, count: sent.count },
        'message played now',
      );
      return ok(sent);
    },
  );
  commandRoute(
    'autoGetPosition',
    'reportLocation',
    'Auto get position: the terminals report where they are; the ack result (latitude, longitude, accuracy) is kept on the terminal',
    {},
  );
  commandRoute(
    'sendApkUpdate',
    'updateApp',
    'Tells the terminals to update their app from url',
    COMMAND_PARAMS.updateApp.properties,
  );
};

export default commandRoutes;
