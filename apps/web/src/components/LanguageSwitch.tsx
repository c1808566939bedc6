import { GlobalOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../locales/i18n';
import { LANGUAGES, languageInfo, type Language } from '../locales/languages';
import { useLocaleStore } from '../stores/locale';

/** Props of {@link LanguageSwitch}. */
export interface LanguageSwitchProps {
  /** Hide the language name and show the globe icon only (narrow headers). */
  iconOnly?: boolean;
  style?: CSSProperties;
}

/** Dropdown of the seven languages; choosing one switches the console and sets the `language` cookie. */
export function LanguageSwitch({ iconOnly = false, style }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useLocaleStore((s) => s.language);
  const [switching, setSwitching] = useState(false);

  const items: MenuProps['items'] = LANGUAGES.map((l) => ({
    key: l.code,
    label: <span lang={l.tag}>{l.label}</span>,
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === language) return;
    setSwitching(true);
    changeLanguage(key as Language, { persist: true })
      .catch((error: unknown) => {
        void message.error(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setSwitching(false));
  };

  return (
    <Dropdown menu={{ items, onClick, selectable: true, selectedKeys: [language] }} trigger={['click']}>
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        loading={switching}
        // The name is what the button shows (WCAG 2.5.3); only the bare icon needs one of its own.
        aria-label={iconOnly ? t('common.language') : undefined}
        title={t('common.language')}
        data-testid="language-switch"
        style={style}
      >
        {iconOnly ? null : languageInfo(language).label}
      </Button>
    </Dropdown>
  );
}
