import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** `/` for visitors (spec 2): what the club is, and the ways in. */
export function LandingScreen() {
  const { t } = useTranslation('common');
  return (
    <section className="landing" aria-labelledby="landing-title">
      <h1 id="landing-title">{t('landing.title')}</h1>
      <p className="landing__lead">{t('landing.pitch')}</p>
      <ul className="landing__points">
        <li>{t('landing.perks.freeYear')}</li>
        <li>{t('landing.perks.charger')}</li>
        <li>{t('landing.perks.cashback')}</li>
      </ul>
      <div className="landing__actions">
        <Link to="/register" className="button button--primary">
          {t('landing.createAccount')}
        </Link>
        <Link to="/login" className="button button--secondary">
          {t('landing.signIn')}
        </Link>
      </div>
    </section>
  );
}
