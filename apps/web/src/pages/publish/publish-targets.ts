/**
 * What the publishing flow publishes: a program (`?programId=N`, `/a/api/publishProgram/*`) or a play
 * plan (`?planId=N`, `/a/api/playPlan/*`). The flow, the terminal picker and the delivery view talk to
 * a target, never to one kind's calls.
 */
import type { DeliveryPage, DeliveryRetry, MaterialReviewState, PublishTerminal } from '@apm/contract';
import type { Page } from '../../services/office';
import { getPlan, getPlanDelivery, savePlanTerminals, selectPlanTerminals } from '../../services/plans';
import { getProgram } from '../../services/program';
import {
  getDelivery,
  retryDelivery,
  saveTerminals,
  selectTerminals,
  type TerminalSelectParams,
} from '../../services/publish';
import { planErrorText } from '../plans/plan-errors';
import { programErrorText } from '../programs/program-errors';
import { parseProgramId, type PublishSettings } from './publish-logic';

/** Kinds of content the flow publishes. */
export type PublishKind = 'program' | 'plan';

/** The terminal filters the picker sends (the target adds its own id). */
export type TargetTerminalParams = Omit<TerminalSelectParams, 'programId'>;

/** The delivery view's filters and page (the target adds its own id). */
export interface TargetDeliveryParams {
  pageNo: number;
  pageSize: number;
  state?: DeliveryPage['list'][number]['state'];
  keyword?: string;
}

/** One thing to publish and the calls that publish it. */
export interface PublishTarget {
  kind: PublishKind;
  id: number;
  /** The permission publishing needs. */
  permission: string;
  /** The list the flow returns to. */
  listPath: string;
  /** Head of the query keys of this kind (refreshed after publishing). */
  domainKey: string;
  /** Whether the settings step offers a play window (programs; a plan's entries carry their own dates). */
  windowed: boolean;
  /** Name and review state of the thing. */
  load(signal?: AbortSignal): Promise<{ name: string; reviewState: MaterialReviewState }>;
  selectTerminals(params: TargetTerminalParams, signal?: AbortSignal): Promise<Page<PublishTerminal>>;
  save(terminalIds: number[], settings: PublishSettings): Promise<{ terminalIds: number[] }>;
  /** Where it stands on each terminal; absent when the server has no delivery call for the kind. */
  delivery?(params: TargetDeliveryParams, signal?: AbortSignal): Promise<DeliveryPage>;
  /** Tells failed terminals to fetch again; absent when the kind has no retry call. */
  retry?(terminalIds?: number[]): Promise<DeliveryRetry>;
  /** The translated text of a failed call. */
  errorText(error: unknown): string;
}

/** Publishing a program. */
export function programTarget(id: number): PublishTarget {
  return {
    kind: 'program',
    id,
    permission: 'program:make:publish',
    listPath: '/program/make',
    domainKey: 'program',
    windowed: true,
    load: (signal) => getProgram(id, signal),
    selectTerminals: (params, signal) => selectTerminals({ ...params, programId: id }, signal),
    save: (terminalIds, settings) => saveTerminals({ programId: id, terminalIds, ...settings }),
    delivery: (params, signal) => getDelivery({ ...params, programId: id }, signal),
    retry: (terminalIds) => retryDelivery(id, terminalIds),
    errorText: programErrorText,
  };
}

/** Publishing a play plan. */
export function planTarget(id: number): PublishTarget {
  return {
    kind: 'plan',
    id,
    permission: 'plan:list:publish',
    listPath: '/playPlan/list',
    domainKey: 'plans',
    windowed: false,
    load: (signal) => getPlan(id, signal),
    selectTerminals: (params, signal) => selectPlanTerminals({ ...params, planId: id }, signal),
    save: (terminalIds, settings) => savePlanTerminals({ planId: id, terminalIds, mode: settings.mode }),
    delivery: (params, signal) => getPlanDelivery({ ...params, planId: id }, signal),
    errorText: planErrorText,
  };
}

/** The target an address names (`planId` or `programId`), or null when it names none. */
export function targetOfParams(params: URLSearchParams): PublishTarget | null {
  const planId = parseProgramId(params.get('planId'));
  if (planId !== null) return planTarget(planId);
  const programId = parseProgramId(params.get('programId'));
  return programId === null ? null : programTarget(programId);
}

/** The publishing page's address for a plan. */
export const planPublishPath = (id: number) => `/publishSet?planId=${id}`;
