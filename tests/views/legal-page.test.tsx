import { render, screen, within } from '@testing-library/react';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import enCommon from '../../public/locales/en/common.json' with { type: 'json' };
import enLegal from '../../public/locales/en/legal.json' with { type: 'json' };
import frCommon from '../../public/locales/fr/common.json' with { type: 'json' };
import frLegal from '../../public/locales/fr/legal.json' with { type: 'json' };
import { LegalPage } from '../../src/screens/legal/legal-page.tsx';
import { PolicyScreen } from '../../src/screens/legal/policy-screen.tsx';
import { TermsScreen } from '../../src/screens/legal/terms-screen.tsx';

async function makeI18n(lng: 'en' | 'fr', resources?: Resource): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'legal'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: resources ?? {
      en: { common: enCommon, legal: enLegal },
      fr: { common: frCommon, legal: frLegal },
    },
  });
  return instance;
}

async function renderIn(lng: 'en' | 'fr', ui: ReactElement, resources?: Resource) {
  const i18n = await makeI18n(lng, resources);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

function h2Texts(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

describe('TermsScreen', () => {
  it('shows the terms in English: title, sections, fee and refund delay', async () => {
    await renderIn('en', <TermsScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Membership' })).toBeVisible();
    expect(screen.getByText('Last updated: November 1, 2026')).toBeVisible();
    expect(h2Texts()).toEqual(
      expect.arrayContaining([
        'Your membership',
        'Your free Level 2 charger',
        'Cashback points',
        'Cancellation and transfer',
      ]),
    );
    expect(screen.getByRole('heading', { level: 3, name: 'The annual fee' })).toBeVisible();
    expect(screen.getByText(/the membership costs \$120 a year/)).toBeVisible();
    expect(screen.getByText(/refunded within 5 business days/)).toBeVisible();
    expect(screen.getByText(/3 cents per kWh .* 2 cents per kWh/)).toBeVisible();
    expect(screen.getByText(/20 more charging sessions/)).toBeVisible();
    expect(screen.getByText(/deposit is forfeited and the charger is disabled/)).toBeVisible();
  });

  it('shows the terms in French', async () => {
    await renderIn('fr', <TermsScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Conditions d’adhésion' })).toBeVisible();
    expect(h2Texts()).toEqual(
      expect.arrayContaining([
        'Votre adhésion',
        'Votre borne de niveau 2 gratuite',
        'Points de remise',
        'Résiliation et transfert',
      ]),
    );
    expect(screen.getByRole('heading', { level: 3, name: 'La cotisation annuelle' })).toBeVisible();
    expect(screen.getByText(/l’adhésion coûte 120 \$ par année/)).toBeVisible();
    expect(screen.getByText(/remboursé dans les 5 jours ouvrables/)).toBeVisible();
    expect(screen.getByText(/3 cents par kWh .* 2 cents par kWh/)).toBeVisible();
  });

  it('lists every section in a table of contents that links to it', async () => {
    const { container } = await renderIn('en', <TermsScreen />);

    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(h2Texts());
    expect(links.map((link) => link.textContent)).toEqual(
      enLegal.terms.sections.map((section) => section.title),
    );
    for (const link of links) {
      const target = container.querySelector(link.getAttribute('href') ?? '#none');
      expect(target?.querySelector('h2')?.textContent).toBe(link.textContent);
    }
  });

  it('has a link back to the home page', async () => {
    await renderIn('fr', <TermsScreen />);

    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
  });
});

describe('PolicyScreen', () => {
  it('shows the privacy policy in English: storage keys, payments, deletion', async () => {
    await renderIn('en', <PolicyScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    expect(h2Texts()).toEqual(
      expect.arrayContaining([
        'Your profile',
        'Payments',
        'What the app stores in your browser',
        'Deleting your account',
      ]),
    );
    expect(screen.getByText(/under the key "root"/)).toBeVisible();
    expect(screen.getByText(/card numbers never reach the club's servers/)).toBeVisible();
    expect(screen.getByText(/an access token and a refresh token/)).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeVisible();
  });

  it('shows the privacy policy in French', async () => {
    await renderIn('fr', <PolicyScreen />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeVisible();
    expect(h2Texts()).toEqual(
      expect.arrayContaining(['Votre profil', 'Paiements', 'Supprimer votre compte']),
    );
    expect(screen.getByText(/sous la clé « root »/)).toBeVisible();
    expect(
      screen.getByText(/les numéros de carte n’atteignent jamais les serveurs du club/),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Sur cette page' })).toBeVisible();
  });
});

describe('LegalPage with a broken translation file', () => {
  it('renders the title and no sections when sections is not an array', async () => {
    await renderIn('en', <LegalPage doc="terms" />, {
      en: { legal: { terms: { title: 'Broken terms', sections: 'oops' } } },
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Broken terms' })).toBeVisible();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('skips malformed sections and blocks but keeps the good ones', async () => {
    await renderIn('en', <LegalPage doc="policy" />, {
      en: {
        legal: {
          policy: {
            title: 'Partial policy',
            sections: [
              { title: 'Good section', blocks: [{ subtitle: 'Sub', text: 'Kept text' }, 42] },
              { blocks: [] },
              'nonsense',
              { title: 'No blocks' },
            ],
          },
        },
      },
    });

    expect(h2Texts()).toEqual(['Good section', 'No blocks']);
    expect(screen.getByRole('heading', { level: 3, name: 'Sub' })).toBeVisible();
    expect(screen.getByText('Kept text')).toBeVisible();
  });
});
