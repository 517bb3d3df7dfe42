import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from '../../src/components/password-field.tsx';
import { renderScreen } from '../support/render.tsx';

/** A form that holds the value, with a way for the app to empty it (a password changed). */
function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <PasswordField id="pw" label="New password" value={value} onValueChange={setValue} />
      <button type="button" onClick={() => setValue('')}>
        Saved
      </button>
    </>
  );
}

describe('PasswordField', () => {
  it('shown, then emptied by the app: the next password typed is hidden; emptied by the member: still shown', async () => {
    await renderScreen(<Harness />, { services: {} });
    const user = userEvent.setup({ delay: null });
    const box = screen.getByLabelText('New password');
    await user.type(box, 'Secret-1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(box).toHaveAttribute('type', 'text');

    // The member clears it with the keyboard: what they type next stays shown.
    await user.clear(box);
    expect(box).toHaveAttribute('type', 'text');

    // The app empties it (the password was changed, the focus is elsewhere).
    await user.type(box, 'Secret-1');
    await user.click(screen.getByRole('button', { name: 'Saved' }));
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeVisible();
  });
});
