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

const reload = vi.fn();

describe.each([
  {
    page: 'configuration error page (wrong build-time settings)',
    show: showConfigError,
    en: "The members' area cannot start",
    fr: 'L’espace membre ne peut pas démarrer',
  },
  {
    page: 'load error page (part of the app did not arrive)',
    show: (root: HTMLElement) => showLoadError(root, reload),
    en: "The members' area could not start",
    fr: 'L’espace membre n’a pas pu démarrer',
  },
])('the $page', ({ show, en, fr }) => {
  it('replaces the spinner with a page saying, in English and in French, that the app cannot start', () => {
    const root = bootView();
    show(root);
    expect(root.querySelector('.boot__spin')).toBeNull();
    expect(root.querySelector('[aria-busy]')).toBeNull();
    expect(root.querySelector('main svg')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: en })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account and your data are safe.');
    const french = screen.getByRole('region', { name: fr });
    expect(french).toHaveAttribute('lang', 'fr');
    expect(
      within(french).getByText(/Votre compte et vos données ne sont pas touchés/),
    ).toBeVisible();
    expect(document.title).toBe(`${en} · ${fr}`);
  });

  it('shows no technical detail: no variable name, no key', () => {
    const root = bootView();
    show(root);
    expect(root.textContent).not.toMatch(/VITE_|pk_|sk_|undefined|\.json|Error/);
    expect(screen.getAllByRole('heading')).toHaveLength(2);
  });
});

it('the load error page reloads the page from either language', async () => {
  reload.mockClear();
  showLoadError(bootView(), reload);
  await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
  await userEvent.click(screen.getByRole('button', { name: 'Recharger la page' }));
  expect(reload).toHaveBeenCalledTimes(2);
});
