import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '../locales/languages';
import { useFeedback } from './feedback/use-feedback';
import { useLanguageChoice } from './use-language-choice';

// The dropdown (antd Menu, Trigger) loads when the switch is first used.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

/** Props of {@link LanguageSwitch}. */
export interface LanguageSwitchProps {
  /** Hide the language name and show the globe icon only (narrow headers). */
  iconOnly?: boolean;
  style?: CSSProperties;
}

/**
 * Dropdown of the seven languages in the signed-in console (antd button); choosing one switches
 * the console and sets the `language` cookie. The signed-out pages have {@link SignInLanguageSwitch}.
 */
export function LanguageSwitch({ iconOnly = false, style }: LanguageSwitchProps) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { language, switching, choose } = useLanguageChoice((text) => void message.error(text));
  // Set by the first click: from then on the button sits in the dropdown, which opens on load.
  const [used, setUsed] = useState<{ focus: boolean }>();

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
