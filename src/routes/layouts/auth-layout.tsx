import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.tsx';
import { useChooseLanguage } from '../../app/use-choose-language.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';

const STEPS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/**
 * The two-panel layout of the auth screens (spec 1, 2): an info panel with the
 * 7-step club list, the brand line and the built-in-Canada line, and the form.
 * The form comes first in the page, so a screen reader (and Tab) meets the
 * banner and the form's title before the panel; the style sheet sets where
 * each is seen (the panel on the left on a wide screen, under the form on a phone).
 */
export function AuthLayout() {
  const { t } = useTranslation(['auth', 'common']);
  const { config } = useServices();
  const chooseLanguage = useChooseLanguage();
  return (
    <div className="auth">
      <div className="auth__panel">
        {/* The page's banner: the Store link and the language switch are reached by landmark too. */}
        <header className="auth__topbar">
          <ExternalLink href={config.storeUrl} className="header__link">
            {t('common:header.store')}
          </ExternalLink>
          <LanguageSwitcher onChosen={chooseLanguage} />
        </header>
        <main id="main" className="auth__main">
          <Outlet />
        </main>
      </div>
      <aside className="auth__info" aria-labelledby="auth-info-title">
        <div className="auth__brand">
          <Logo size={40} />
          <span>{t('common:app.name')}</span>
        </div>
        <h2 id="auth-info-title" className="auth__info-title">
          {t('auth:info.title')}
        </h2>
        <ol className="auth__steps">
          {STEPS.map((step) => (
            <li key={step}>
              <strong>{t(`auth:info.steps.${step}.title`)}</strong>
              <span>{t(`auth:info.steps.${step}.text`)}</span>
            </li>
          ))}
        </ol>
        <p className="auth__brand-line">{t('common:app.tagline')}</p>
        <p className="auth__canada">{t('common:app.builtInCanada')}</p>
      </aside>
    </div>
  );
}
