import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { LANGUAGES, type Language } from '../locales/languages';
import { ConsoleAntdProvider } from './ConsoleAntdProvider';
import type { PopupState } from './PopupOnFirstUse';

/** Props of {@link LanguageMenu}. */
export interface LanguageMenuProps extends PopupState {
  language: Language;
  onChoose: (language: Language) => void;
  /** The switch's button in its box ({@link PopupOnFirstUse}'s trigger). */
  children: ReactElement;
  /** Whether to bring antd's theme and locale along (the signed-out pages have no antd around). */
  themed?: boolean;
}

/**
 * The dropdown of the seven languages around the switch's button; loaded when the switch is first used
 * (the popup of a {@link PopupOnFirstUse}).
 */
export default function LanguageMenu({
  language,
  onChoose,
  children,
  themed,
  open,
  onOpenChange,
}: LanguageMenuProps) {
  const items: MenuProps['items'] = LANGUAGES.map((l) => ({
    key: l.code,
    label: <span lang={l.tag}>{l.label}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    onOpenChange(false);
    onChoose(key as Language);
  };

  const dropdown = (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: [language] }}
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </Dropdown>
  );
  if (!themed) return dropdown;
  return <ConsoleAntdProvider>{dropdown}</ConsoleAntdProvider>;
}
