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

/** What a member reads on a legal page in one language: a row of the table below. */
interface LegalPageCase {
  page: string;
  ui: ReactElement;
  lng: 'en' | 'fr';
  title: string;
  /** Among the section titles (h2). */
  sections: string[];
  /** Subsection titles (h3) shown. */
  subtitles?: string[];
  /** Texts (or patterns of them) shown. */
  texts: Array<string | RegExp>;
  /** The name of the table of contents, where the row checks it. */
  contents?: string;
}

const LEGAL_PAGES: LegalPageCase[] = [
  {
    page: 'the terms in English: title, sections, fee and refund delay',
    ui: <TermsScreen />,
    lng: 'en',
    title: 'Terms of Membership',
    sections: [
      'Your membership',
      'Your free Level 2 charger',
      'Cashback points',
      'Cancellation and transfer',
    ],
    subtitles: ['The annual fee'],
    texts: [
      'Last updated: November 1, 2026',
      /the membership costs \$120 a year/,
      /refunded within 5 business days/,
      /3 cents per kWh .* 2 cents per kWh/,
      /20 more charging sessions/,
      /deposit is forfeited and the charger is disabled/,
    ],
  },
  {
    page: 'the terms in French',
    ui: <TermsScreen />,
    lng: 'fr',
    title: 'Conditions d’adhésion',
    sections: [
      'Votre adhésion',
      'Votre borne de niveau 2 gratuite',
      'Points de remise',
      'Résiliation et transfert',
    ],
    subtitles: ['La cotisation annuelle'],
    texts: [
      /l’adhésion coûte 120 \$ par année/,
      /remboursé dans les 5 jours ouvrables/,
      /3 cents par kWh .* 2 cents par kWh/,
    ],
  },
  {
    page: 'the privacy policy in English: storage keys, payments, deletion',
    ui: <PolicyScreen />,
    lng: 'en',
    title: 'Privacy Policy',
    sections: [
      'Your profile',
      'Payments',
      'What the app stores in your browser',
      'Deleting your account',
    ],
    texts: [
      /under the key "root"/,
      /card numbers never reach the club's servers/,
      /an access token and a refresh token/,
      // What else local storage holds, and that the membership's copy goes at logout.
      /refreshed from our servers and erased when you log out\./,
      /kept with your account's identifier until your profile takes it/,
      /Why your last session ended/,
    ],
    contents: 'On this page',
  },
  {
    page: 'the privacy policy in French',
    ui: <PolicyScreen />,
    lng: 'fr',
    title: 'Politique de confidentialité',
    sections: ['Votre profil', 'Paiements', 'Supprimer votre compte'],
    texts: [
      /sous la clé « root »/,
      /les numéros de carte n’atteignent jamais les serveurs du club/,
    ],
    contents: 'Sur cette page',
  },
];

describe('TermsScreen and PolicyScreen', () => {
  for (const { page, ui, lng, title, sections, subtitles = [], texts, contents } of LEGAL_PAGES) {
    it(`shows ${page}`, async () => {
      await renderIn(lng, ui);

      expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(h2Texts()).toEqual(expect.arrayContaining(sections));
      for (const name of subtitles) {
        expect(screen.getByRole('heading', { level: 3, name })).toBeVisible();
      }
      for (const text of texts) expect(screen.getByText(text)).toBeVisible();
      if (contents) expect(screen.getByRole('navigation', { name: contents })).toBeVisible();
    });
  }
});

describe('TermsScreen', () => {
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
