import type { MenuIconName } from '@apm/contract';
import type { ComponentType } from 'react';
import * as MENU_ICON_SET from './menu-icon-set';

/**
 * The @ant-design/icons icons a menu entry may name. The static menu's icons and the usual
 * menu icons are here; bundling the whole icon set (about 1 MB) for names nobody uses is not
 * worth it, so any other name shows {@link FileOutlined}. The names are MENU_ICON_NAMES in
 * @apm/contract (the server accepts only those); add a name there and its icon to menu-icon-set.ts.
 */
export const MENU_ICONS: Record<MenuIconName, ComponentType> = MENU_ICON_SET;

const { FileOutlined } = MENU_ICON_SET;

/** An @ant-design/icons icon by name (`HomeOutlined`); unknown names show a neutral page icon. */
export function MenuIcon({ name }: { name: string }) {
  const Icon = MENU_ICONS[name as MenuIconName] ?? FileOutlined;
  return <Icon />;
}
