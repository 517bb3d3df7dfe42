import { useTranslation } from 'react-i18next';
import type { Language } from '../../machines/shared/domain.ts';
import { currentLanguage, LANGUAGES } from '../i18n/i18n.ts';

/**
 * The EN/FR chooser (spec 1). `onChosen` lets the app save the choice to the
 * profile when a member is signed in (issue 7).
 */
export function LanguageSwitcher({ onChosen }: { onChosen?: (language: Language) => void }) {
  const { t, i18n } = useTranslation('common');
  const current = currentLanguage(i18n);
  return (
    <fieldset className="language-switcher">
      <legend className="visually-hidden">{t('header.languageLabel')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-switcher__option"
          aria-pressed={current === language}
          onClick={() => {
            if (current === language) return;
            void i18n.changeLanguage(language);
            onChosen?.(language);
          }}
        >
          {/* Seen: 'EN'; heard: 'English' (the name a screen reader user expects). */}
          <span aria-hidden="true">{t(`header.language.${language}`)}</span>
          <span className="visually-hidden">{t(`header.language.${language}Name`)}</span>
        </button>
      ))}
    </fieldset>
  );
}
