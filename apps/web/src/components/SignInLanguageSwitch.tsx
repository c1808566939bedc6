import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageInfo } from '../locales/languages';
import { PlainIcon } from './PlainIcon';
import { PopupOnFirstUse } from './PopupOnFirstUse';
import { useLanguageChoice } from './use-language-choice';

// The dropdown brings antd (with the console's theme) when the switch is first used.
const loadMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(loadMenu);

/**
 * The language switch of the signed-out pages: a plain button (`sign-in.css`) until it is used,
 * then antd's dropdown of the seven languages around it.
 */
export function SignInLanguageSwitch() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string>();
  const { language, switching, choose } = useLanguageChoice(setFailure);

  return (
    <>
      {failure ? (
        <span role="alert" className="apm-field-error" style={{ alignSelf: 'center', marginRight: 8 }}>
          {failure}
        </span>
      ) : null}
      <PopupOnFirstUse
        popup={(trigger, state) => (
          <Suspense fallback={trigger}>
            <LanguageMenu
              language={language}
              onChoose={(key) => {
                setFailure(undefined);
                choose(key);
              }}
              themed
              {...state}
            >
              {trigger}
            </LanguageMenu>
          </Suspense>
        )}
      >
        <button
          type="button"
          className="apm-text-button"
          aria-haspopup="menu"
          title={t('common.language')}
          data-testid="language-switch"
          onMouseEnter={() => void loadMenu()}
          onFocus={() => void loadMenu()}
        >
          {switching ? <span className="apm-spinner" aria-hidden /> : <PlainIcon name="Global" />}
          {languageInfo(language).label}
        </button>
      </PopupOnFirstUse>
    </>
  );
}
