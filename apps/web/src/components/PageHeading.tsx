import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { pageHandleOf } from '../router/handle';
import { useLocaleStore } from '../stores/locale';
import { usePageNamesStore } from '../stores/page-names';

/** Hidden from sight, not from assistive technologies (the usual "visually hidden" rules). */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The page's `h1`: its name, as the document title has it (menu name or route title). Screen
 * readers and heading navigation start from it; it is visually hidden, because pages show their
 * name in their own cards and in the tab bar already.
 */
export function PageHeading() {
  const { t } = useTranslation();
  const handle = pageHandleOf(useMatches());
  const language = useLocaleStore((s) => s.language);
  const resolveMenuName = usePageNamesStore((s) => s.resolveMenuName);
  const name = handle?.menuKey
    ? resolveMenuName?.(handle.menuKey, language)
    : handle?.titleKey
      ? t(`route.${handle.titleKey}`)
      : undefined;
  if (!name) return null;
  return (
    <h1 style={VISUALLY_HIDDEN} data-testid="page-heading">
      {name}
    </h1>
  );
}
