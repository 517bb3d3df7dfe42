import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../machines/shared/domain.ts';
import { currentLanguage, LANGUAGES } from '../i18n/i18n.ts';

/**
 * The EN/FR chooser (spec 1). `onChosen` lets the app save the choice to the
 * profile when a member is signed in. A language whose texts cannot
 * be downloaded (offline) is not chosen: the page stays in the one that works
 * and says so until the member's next click or key.
 */
export function LanguageSwitcher({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation('common');
  const current = currentLanguage(i18n);
  const [failed, setFailed] = useState(false);
  // The message covers the top of the page: the member's next click or key puts it away.
  useEffect(() => {
    if (!failed) return;
    const dismiss = () => setFailed(false);
    document.addEventListener('pointerdown', dismiss);
    document.addEventListener('keydown', dismiss);
    return () => {
      document.removeEventListener('pointerdown', dismiss);
      document.removeEventListener('keydown', dismiss);
    };
  }, [failed]);

  // The last language clicked, and how many are still downloading: the latest choice wins.
  const lastClicked = useRef<Language | null>(null);
  const downloading = useRef(0);
  const choose = async (language: Language) => {
    if ((downloading.current > 0 ? lastClicked.current : current) === language) return;
    lastClicked.current = language;
    downloading.current += 1;
    setFailed(false);
    try {
      await i18n.changeLanguage(language);
    } finally {
      downloading.current -= 1;
    }
    const latest = lastClicked.current;
    if (latest !== language) {
      // Overtaken by a later click while its texts were on their way.
      if (currentLanguage(i18n) !== latest) await i18n.changeLanguage(latest);
      return;
    }
    if (!i18n.hasResourceBundle(language, 'common')) {
      await i18n.changeLanguage(current);
      setFailed(true);
      return;
    }
    onChosen?.(language);
  };

  return (
    <div className="language-switcher">
      <fieldset className="language-switcher__options">
        <legend className="visually-hidden">{t('header.languageLabel')}</legend>
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            className="language-switcher__option"
            aria-pressed={current === language}
            onClick={() => void choose(language)}
          >
            {/* Seen: 'EN'; named 'EN (English)': the name holds what is seen, for voice
                control ('click EN', WCAG 2.5.3), and the language, for a screen reader. */}
            <span aria-hidden="true">{t(`header.language.${language}`)}</span>
            <span className="visually-hidden">
              {t('header.languageButton', {
                code: t(`header.language.${language}`),
                name: t(`header.language.${language}Name`),
              })}
            </span>
          </button>
        ))}
      </fieldset>
      <div role="alert" className="language-switcher__failed" hidden={!failed}>
        {failed ? t('header.languageFailed') : null}
      </div>
    </div>
  );
}
