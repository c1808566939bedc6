import { ConfigProvider, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { consoleTheme } from '../layouts/settings/theme-tokens';
import { LANGUAGES, type Language } from '../locales/languages';
import { useLocaleStore } from '../stores/locale';

/** Props of {@link LanguageMenu}. */
export interface LanguageMenuProps {
  language: Language;
  onChoose: (language: Language) => void;
  /** The switch's button; it gets the focus back when it had it before the menu loaded. */
  children: ReactElement;
  /** Whether the button had the focus while this loaded. */
  focus: boolean;
  /** Whether to bring antd's theme and locale along (the signed-out pages have no antd around). */
  themed?: boolean;
}

/** The dropdown of the seven languages around the switch's button; loaded when the switch is first used. */
export default function LanguageMenu({ language, onChoose, children, focus, themed }: LanguageMenuProps) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  // It loads because the button was clicked: it opens at once.
  const [open, setOpen] = useState(true);
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (focus) anchor.current?.querySelector('button')?.focus();
  }, [focus]);

  const items: MenuProps['items'] = LANGUAGES.map((l) => ({
    key: l.code,
    label: <span lang={l.tag}>{l.label}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    onChoose(key as Language);
  };

  const dropdown = (
    <Dropdown
      menu={{ items, onClick, selectable: true, selectedKeys: [language] }}
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
    >
      <span ref={anchor} style={{ display: 'inline-block' }}>
        {children}
      </span>
    </Dropdown>
  );
  if (!themed) return dropdown;
  return (
    <ConfigProvider locale={antdLocale} theme={consoleTheme('blue', 'light')}>
      {dropdown}
    </ConfigProvider>
  );
}
