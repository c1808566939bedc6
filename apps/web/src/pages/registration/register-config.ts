/** The public sign-up settings as a TanStack query. */
import { getRegisterConfig } from '../../services/registration';

/** Query of GET /f/common/registerConfig (open, password rule, code ways). */
export const registerConfigQuery = () => ({
  queryKey: ['registerConfig'] as const,
  queryFn: getRegisterConfig,
  staleTime: 60_000,
});
