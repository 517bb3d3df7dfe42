import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showConfigError } from '../../src/screens/error/config-error-screen.ts';
import { showLoadError } from '../../src/screens/error/load-error-screen.ts';

afterEach(() => {
  document.getElementById('root')?.remove();
});

/** index.html's boot view: the club mark and a spinner. */
function bootView(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML =
    '<div class="boot" aria-busy="true"><svg aria-hidden="true"></svg><span class="boot__spin"></span></div>';
  document.body.append(root);
  return root;
}

describe('the configuration error page (wrong build-time settings)', () => {
  it('replaces the spinner with a page saying, in English and in French, that the app cannot start', () => {
    const root = bootView();
    showConfigError(root);
    expect(root.querySelector('.boot__spin')).toBeNull();
    expect(root.querySelector('[aria-busy]')).toBeNull();
    expect(root.querySelector('main svg')).not.toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: "The members' area cannot start" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account and your data are safe.');
    const french = screen.getByRole('region', { name: "L'espace membre ne peut pas démarrer" });
    expect(french).toHaveAttribute('lang', 'fr');
    expect(
      within(french).getByText(/Votre compte et vos données ne sont pas touchés/),
    ).toBeVisible();
    expect(document.title).toBe(
      "The members' area cannot start · L'espace membre ne peut pas démarrer",
    );
  });

  it('shows no technical detail: no variable name, no key', () => {
    const root = bootView();
    showConfigError(root);
    expect(root.textContent).not.toMatch(/VITE_|pk_|sk_|undefined/);
    expect(screen.getAllByRole('heading')).toHaveLength(2);
  });
});

describe('the load error page (the app could not start: part of it did not arrive)', () => {
  it('replaces the spinner with a page saying so in English and in French, each with Reload', async () => {
    const root = bootView();
    const reload = vi.fn();
    showLoadError(root, reload);
    expect(root.querySelector('.boot__spin')).toBeNull();
    expect(root.querySelector('[aria-busy]')).toBeNull();
    expect(root.querySelector('main svg')).not.toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: "The members' area could not start" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account and your data are safe.');
    const french = screen.getByRole('region', { name: "L'espace membre n'a pas pu démarrer" });
    expect(french).toHaveAttribute('lang', 'fr');

    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    await userEvent.click(within(french).getByRole('button', { name: 'Recharger la page' }));
    expect(reload).toHaveBeenCalledTimes(2);
    expect(document.title).toBe(
      "The members' area could not start · L'espace membre n'a pas pu démarrer",
    );
  });
});
