import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../locales/i18n';
import { languageInfo, type Language } from '../locales/languages';
import { useLocaleStore } from '../stores/locale';
import { useFeedback } from './feedback/use-feedback';

// The dropdown (antd Menu, Trigger) is not part of the sign-in page until the switch is used.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

/** Props of {@link LanguageSwitch}. */
export interface LanguageSwitchProps {
  /** Hide the language name and show the globe icon only (narrow headers). */
  iconOnly?: boolean;
  style?: CSSProperties;
}

/** Dropdown of the seven languages; choosing one switches the console and sets the `language` cookie. */
export function LanguageSwitch({ iconOnly = false, style }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const language = useLocaleStore((s) => s.language);
  const [switching, setSwitching] = useState(false);
  // Set by the first click: from then on the button sits in the dropdown, which opens on load.
  const [used, setUsed] = useState<{ focus: boolean }>();

  const choose = (key: Language) => {
    if (key === language) return;
    setSwitching(true);
    changeLanguage(key, { persist: true })
      .catch((error: unknown) => {
        void message.error(error instanceof Error ? error.message : String(error));
      })
      .finally(() => setSwitching(false));
  };

  const button = (
    <Button
      type="text"
      icon={<GlobalOutlined aria-hidden />}
      loading={switching}
      // The name is what the button shows (WCAG 2.5.3); only the bare icon needs one of its own.
      aria-label={iconOnly ? t('common.language') : undefined}
      aria-haspopup="menu"
      title={t('common.language')}
      data-testid="language-switch"
      style={style}
      onMouseEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={
        used ? undefined : (event) => setUsed({ focus: document.activeElement === event.currentTarget })
      }
    >
      {iconOnly ? null : languageInfo(language).label}
    </Button>
  );

  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu language={language} onChoose={choose} focus={used.focus}>
        {button}
      </LanguageMenu>
    </Suspense>
  );
}
