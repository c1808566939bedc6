/** Query definitions (key + fetcher) shared by loaders and components. */
import { queryOptions } from '@tanstack/react-query';
import { getForgetPwdWay, getPublishKey, getSeniorValidation, getSysInitState } from './auth';
import { getBrandSetting } from './customer';
import { getUserInfo } from './user';

/** Query keys, in one place so invalidation cannot miss one. */
export const queryKeys = {
  brand: ['brand'] as const,
  sysInitState: ['sysInitState'] as const,
  publishKey: ['publishKey'] as const,
  seniorValidation: ['seniorValidation'] as const,
  forgetPwdWay: ['forgetPwdWay'] as const,
  userInfo: ['userInfo'] as const,
};

/** Brand of the current address; it does not change while the page is open. */
export const brandQuery = () =>
  queryOptions({ queryKey: queryKeys.brand, queryFn: getBrandSetting, staleTime: Infinity, retry: false });

/** Whether the system has been initialised; asked afresh each time a page opens. */
export const sysInitStateQuery = () =>
  queryOptions({ queryKey: queryKeys.sysInitState, queryFn: getSysInitState, staleTime: 0 });

/** The RSA public key for landing encryption. */
export const publishKeyQuery = () =>
  queryOptions({ queryKey: queryKeys.publishKey, queryFn: getPublishKey, staleTime: 5 * 60_000 });

/** Whether sign-in needs an e-mail or SMS code. */
export const seniorValidationQuery = () =>
  queryOptions({ queryKey: queryKeys.seniorValidation, queryFn: getSeniorValidation, staleTime: 60_000 });

/** Password-recovery ways. */
export const forgetPwdWayQuery = () =>
  queryOptions({ queryKey: queryKeys.forgetPwdWay, queryFn: getForgetPwdWay, staleTime: 5 * 60_000 });

/** The signed-in user. */
export const userInfoQuery = () =>
  queryOptions({ queryKey: queryKeys.userInfo, queryFn: () => getUserInfo(), staleTime: 60_000 });
