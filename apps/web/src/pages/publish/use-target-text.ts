import { useTranslation } from 'react-i18next';
import type { PublishKind } from './publish-targets';

/** Messages of the publishing flow that differ between programs and plans (`publish:plan.*` for plans). */
export type TargetTextKey =
  'title' | 'back' | 'loadFailed' | 'notApproved' | 'replaceHint' | 'program' | 'noDelivery';

/** The publishing flow's text for a key, in the wording of the kind being published. */
export function useTargetText(kind: PublishKind) {
  const { t } = useTranslation('publish');
  return (key: TargetTextKey, options?: Record<string, unknown>): string =>
    kind === 'plan' ? t(`plan.${key}`, options ?? {}) : t(key, options ?? {});
}
