import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from '../../src/components/submit-button.tsx';

/**
 * useKeepFocus through SubmitButton. jsdom does not move the focus off a
 * disabled element as a browser does, so each test drops it to <body> itself
 * (tests/e2e/quality-keyboard.spec.ts checks the real thing in Chromium).
 */
function Form({ busy, disabled = false }: { busy: boolean; disabled?: boolean }) {
  return (
    <section aria-labelledby="title">
      <h2 id="title">Profile</h2>
      <SubmitButton busy={busy} disabled={disabled} busyLabel="Saving...">
        Save
      </SubmitButton>
      <input aria-label="Elsewhere" />
    </section>
  );
}

/** As a browser does to a focused element that gets disabled (jsdom's blur() ignores a disabled one). */
function dropFocus() {
  const placeholder = document.body.appendChild(document.createElement('input'));
  placeholder.focus();
  placeholder.remove();
  expect(document.activeElement).toBe(document.body);
}

describe('useKeepFocus (SubmitButton)', () => {
  it('gives the focus back to the button when its busy state ends', () => {
    const view = render(<Form busy={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    view.rerender(<Form busy />);
    dropFocus();
    view.rerender(<Form busy={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('still disabled after, the title of its section takes the focus', () => {
    const view = render(<Form busy={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    view.rerender(<Form busy />);
    dropFocus();
    view.rerender(<Form busy={false} disabled />);
    expect(screen.getByRole('heading', { name: 'Profile' })).toHaveFocus();
  });

  it('leaves the focus where the member put it meanwhile', () => {
    const view = render(<Form busy={false} />);
    screen.getByRole('button', { name: 'Save' }).focus();
    view.rerender(<Form busy />);
    act(() => screen.getByRole('textbox', { name: 'Elsewhere' }).focus());
    view.rerender(<Form busy={false} />);
    expect(screen.getByRole('textbox', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('does nothing for a button that did not have the focus', () => {
    const view = render(<Form busy={false} />);
    view.rerender(<Form busy />);
    view.rerender(<Form busy={false} />);
    expect(document.activeElement).toBe(document.body);
  });
});
