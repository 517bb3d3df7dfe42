import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from '../../src/screens/loading/loading-screen.tsx';
import { renderScreen } from '../support/render.tsx';

/** The loading view, and a button standing for the account finishing to load. */
function AccountLoads() {
  const [account, setAccount] = useState(true);
  return (
    <>
      <LoadingScreen account={account} />
      <button type="button" onClick={() => setAccount(false)}>
        loaded
      </button>
    </>
  );
}

describe('LoadingScreen', () => {
  it('says the account is loading only while it does; the line keeps its place either way', async () => {
    await renderScreen(<AccountLoads />, { services: {} });
    expect(screen.getByRole('status')).toHaveTextContent('Setting up your workspace...');
    const line = screen.getByText('Loading your account...');
    expect(line).not.toHaveAttribute('aria-hidden');

    await userEvent.setup().click(screen.getByRole('button', { name: 'loaded' }));
    // Still laid out (styles.css hides it), so nothing around it moves.
    expect(screen.getByText('Loading your account...')).toBe(line);
    expect(line).toHaveAttribute('aria-hidden', 'true');
  });
});
