import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Membership } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { membershipAccessOf } from '../../src/app/membership.ts';
import { ActivationScreen } from '../../src/screens/activation/activation-screen.tsx';
import { RECORD, USER } from '../support/activation.kit.tsx';
import { PendingCalls } from '../support/deferred.ts';
import {
  createMembership,
  createSessionStub,
  fakeLogger,
  httpError,
  networkError,
} from '../support/fake-services.ts';
import { expectNavigatedTo, renderScreen } from '../support/render.tsx';

async function renderActivation(language: 'en' | 'fr' = 'en', record?: Membership) {
  const pending = new PendingCalls();
  const activate = pending.fn<Membership>('activate');
  const get = pending.fn<Membership | null>('get');
  const session = createSessionStub(USER);
  const membership = createMembership(() => get(), record);
  const logger = fakeLogger();
  await renderScreen(<ActivationScreen />, {
    services: {
      api: { memberships: { activate, get } } as unknown as Api,
      session: session.session,
      membership: membershipAccessOf(membership),
      logger,
    },
    language,
    path: '/activation',
  });
  return {
    pending,
    activate,
    get,
    logger,
    membership,
    ui: userEvent.setup({ delay: null }),
  };
}

describe('ActivationScreen', () => {
  it('speaks French: heading, the three steps in order, the button and the retryable error', async () => {
    const a = await renderActivation('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Activez votre adhésion' })).toBeVisible();
    const steps = screen.getByRole('list', { name: 'Comment ça fonctionne' });
    expect(steps.tagName).toBe('OL');
    expect([...steps.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Activez votre adhésion gratuite.',
      'Commandez votre borne gratuite dans la boutique du club.',
      'Installez votre borne et ajoutez-la à l’application charger-connect.',
    ]);
    await a.ui.click(screen.getByRole('button', { name: 'Activer mon adhésion' }));
    expect(screen.getByRole('button', { name: 'Activation en cours…' })).toBeDisabled();
    await a.pending.settle('activate', { error: httpError(503, 'errors.server') });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Nous n’avons pas pu activer votre adhésion. Le serveur n’a pas pu répondre pour le moment. Veuillez réessayer dans un instant. Appuyez sur « Activer mon adhésion » pour réessayer.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Activer mon adhésion' })).toBeEnabled();
  });

  it('ends a server’s own text, which has no full stop, with one between the two sentences around it', async () => {
    for (const language of ['en', 'fr'] as const) {
      const a = await renderActivation(language);
      await a.ui.click(
        screen.getByRole('button', { name: /Activate membership|Activer mon adhésion/ }),
      );
      await a.pending.settle('activate', { error: httpError(500, 'server.accessDenied') });
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          language === 'en'
            ? 'Your membership could not be activated. Access denied. Press “Activate membership” to try again.'
            : 'Nous n’avons pas pu activer votre adhésion. Accès refusé. Appuyez sur « Activer mon adhésion » pour réessayer.',
        ),
      );
      cleanup();
    }
  });

  it('promises the free first year to a member without a membership, never to one whose membership lapsed', async () => {
    await renderActivation();
    const lead = 'Your first year in the club is free. Activate your membership to get started.';
    expect(screen.getByText(lead)).toBeVisible();
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Activate your free membership.');

    const lapsed = { ...RECORD, validTo: '2020-01-01T00:00:00.000Z', cancelledAt: null };
    for (const [language, renew, firstStep] of [
      [
        'en',
        'Your membership is no longer active. Activate it again to renew it.',
        'Activate your membership again.',
      ],
      [
        'fr',
        'Votre adhésion n’est plus active. Activez-la de nouveau pour la renouveler.',
        'Réactivez votre adhésion.',
      ],
    ] as const) {
      cleanup();
      await renderActivation(language, lapsed);
      expect(screen.getByText(renew)).toBeVisible();
      expect(screen.queryByText(/first year|première année/)).toBeNull();
      // Nor does its first step call the membership free.
      expect(screen.getAllByRole('listitem')[0]).toHaveTextContent(firstStep);
      expect(screen.queryByText(/free membership|adhésion gratuite/)).toBeNull();
    }
  });

  it('an activation the server took, whose read then finds none (a lagging copy), goes on to /billing: never “you already have a membership”', async () => {
    const a = await renderActivation();
    await a.ui.click(screen.getByRole('button', { name: 'Activate membership' }));
    await a.pending.settle('activate', { output: RECORD });
    await waitFor(() => expect(a.pending.open('get')).toBe(1));
    await a.pending.settle('get', { output: null });
    await expectNavigatedTo('/billing');
    expect(screen.queryByText(/You already have a membership/)).toBeNull();
    expect(a.logger.error).toHaveBeenCalled();
  });

  it('posts once however often the busy button is pressed, and a retry clears the error', async () => {
    const a = await renderActivation();
    const button = screen.getByRole('button', { name: 'Activate membership' });
    await a.ui.click(button);
    await a.ui.click(screen.getByRole('button', { name: 'Activating...' }));
    expect(a.activate).toHaveBeenCalledTimes(1);
    await a.pending.settle('activate', { error: networkError() });
    await screen.findByRole('alert');
    expect(a.logger.error).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ key: 'errors.network' }),
    );
    await a.ui.click(screen.getByRole('button', { name: 'Activate membership' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(a.activate).toHaveBeenCalledTimes(2);
  });
});
