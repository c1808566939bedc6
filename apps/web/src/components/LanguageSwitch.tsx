import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '../locales/languages';
import { useFeedback } from './feedback/use-feedback';
import { PopupOnFirstUse } from './PopupOnFirstUse';
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

  return (
    <PopupOnFirstUse
      popup={(trigger, state) => (
        <Suspense fallback={trigger}>
          <LanguageMenu language={language} onChoose={choose} {...state}>
            {trigger}
          </LanguageMenu>
        </Suspense>
      )}
    >
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
      >
        {iconOnly ? null : languageInfo(language).label}
      </Button>
    </PopupOnFirstUse>
  );
}
