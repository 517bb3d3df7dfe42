import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ConfigErrorScreen,
  showConfigError,
} from '../../src/screens/error/config-error-screen.tsx';

describe('the configuration error page (wrong build-time settings)', () => {
  it('says in English and in French that the app cannot start, without any technical detail', () => {
    render(<ConfigErrorScreen />);
    expect(
      screen.getByRole('heading', { level: 1, name: "The members' area cannot start" }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your account and your data are safe.');
    const french = screen.getByRole('region', { name: "L'espace membre ne peut pas démarrer" });
    expect(french).toHaveAttribute('lang', 'fr');
    expect(
      within(french).getByText(/Votre compte et vos données ne sont pas touchés/),
    ).toBeVisible();
    expect(document.body.textContent).not.toMatch(/VITE_|pk_|sk_/);
  });

  it('replaces the boot spinner', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<div class="boot" aria-busy="true"></div>';
    document.body.append(root);
    showConfigError(root);
    expect(
      await screen.findByRole('heading', { level: 1, name: "The members' area cannot start" }),
    ).toBeVisible();
    expect(root.querySelector('.boot')).toBeNull();
    expect(document.title).toContain('cannot start');
  });
});
