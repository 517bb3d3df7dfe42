import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import type { RegistrationField } from '../../machines/forms/registration.schema.ts';
import { registrationMachine } from '../../machines/registration/registration.machine.ts';
import {
  canSubmitRegistration as canSubmit,
  isMaybeCreatedAlready,
  isRegistering as isSubmitting,
  isRegistered as isSucceeded,
  type RegistrationSnapshot,
  selectRegistrationForm,
  selectSubmittedEmail,
} from '../../machines/registration/registration.selectors.ts';
import type { SignUpPayload } from '../../machines/shared/domain.ts';

const VALID = {
  firstName: '  Émilie ',
  lastName: 'Tremblay',
  phone: '+15145550123',
  email: ' emilie@example.ca ',
  password: 'Sup3rSecret!',
};

const selectFieldErrors = (s: RegistrationSnapshot) => shownFieldErrors(selectRegistrationForm(s));
const selectServerErrorKey = (s: RegistrationSnapshot) => selectRegistrationForm(s).errorKey;
const selectValues = (s: RegistrationSnapshot) => selectRegistrationForm(s).values;

function serverError(key: string) {
  return Object.assign(new Error(key), { key });
}

function start(signUp = fromPromise<void, SignUpPayload>(async () => undefined)) {
  const actor = createActor(registrationMachine.provide({ actors: { signUp } }), { input: {} });
  actor.start();
  return actor;
}

function fill(actor: ReturnType<typeof start>, values: Partial<typeof VALID> = VALID) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: 'registration.change', field: field as RegistrationField, value });
  }
}

describe('registration machine', () => {
  it('keeps submit disabled until the form is changed and valid', () => {
    const actor = start();
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    fill(actor, { ...VALID, password: 'short' });
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'registration.blur', field: 'password' });
    expect(selectFieldErrors(actor.getSnapshot()).password).toEqual({
      key: 'validation.passwordMin',
    });
    fill(actor, { password: VALID.password });
    expect(canSubmit(actor.getSnapshot())).toBe(true);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
  });

  it('shows no error while a field is being typed in before it is left, then follows the typing', () => {
    const actor = start();
    fill(actor, { firstName: 'É', email: 'emilie@' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'registration.blur', field: 'firstName' });
    const tooShort = {
      key: 'validation.minSymbols',
      values: { number: 2, field: 'fields.firstName' },
    };
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ firstName: tooShort });
    // Left once, the field's error follows every change: gone when fixed, back when broken again.
    fill(actor, { firstName: 'Ém' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    fill(actor, { firstName: '' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      firstName: { key: 'validation.firstNameRequired' },
    });
  });

  it('ignores an invalid submit but shows every field error', () => {
    const actor = start();
    fill(actor, { firstName: 'A' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
    actor.send({ type: 'registration.submit', language: 'en' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      firstName: {
        key: 'validation.minSymbols',
        values: { number: 2, field: 'fields.firstName' },
      },
      lastName: { key: 'validation.lastNameRequired' },
      phone: { key: 'validation.phoneRequired' },
      email: { key: 'validation.emailRequired' },
      password: { key: 'validation.passwordRequired' },
    });
  });

  it('shows a left field’s error on blur', () => {
    const actor = start();
    actor.send({ type: 'registration.blur', field: 'email' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      email: { key: 'validation.emailRequired' },
    });
  });

  it('sends the trimmed payload with the language of the moment, then shows the email', async () => {
    let received: SignUpPayload | undefined;
    const actor = start(
      fromPromise<void, SignUpPayload>(async ({ input }) => {
        received = input;
      }),
    );
    fill(actor);
    actor.send({ type: 'registration.submit', language: 'fr' });
    expect(isSubmitting(actor.getSnapshot())).toBe(true);
    expect(canSubmit(actor.getSnapshot())).toBe(false);
    const snapshot = await waitFor(actor, isSucceeded);
    expect(received).toEqual({
      firstName: 'Émilie',
      lastName: 'Tremblay',
      phone: '+15145550123',
      email: 'emilie@example.ca',
      password: 'Sup3rSecret!',
      language: 'fr',
    });
    expect(selectSubmittedEmail(snapshot)).toBe('emilie@example.ca');
    expect(snapshot.status).toBe('done');
  });

  it.each([
    ['server.sameEmailUserExists', 'email'],
    ['server.samePhoneUserExists', 'phone'],
    ['server.invalidPhoneNumber', 'phone'],
    ['server.invalidFirstName', 'firstName'],
    ['server.invalidLastName', 'lastName'],
    ['server.passwordTooWeak', 'password'],
    ['server.invalidPassword', 'password'],
  ] as const)('marks the field for %s and shows the code under the form', async (code, field) => {
    const actor = start(
      fromPromise<void, SignUpPayload>(async () => {
        throw serverError(code);
      }),
    );
    fill(actor);
    actor.send({ type: 'registration.submit', language: 'en' });
    const snapshot = await waitFor(actor, (s) => s.matches({ editing: 'rejected' }));
    expect(selectFieldErrors(snapshot)).toEqual({ [field]: { key: code } });
    expect(selectServerErrorKey(snapshot)).toBe(code);
    expect(selectValues(snapshot)).toEqual(VALID);
  });

  /** A filled registration whose sign-ups fail with `answers`, one per submit. */
  function refusedInTurn(...answers: unknown[]) {
    const actor = start(
      fromPromise<void, SignUpPayload>(async () => {
        throw answers.shift();
      }),
    );
    fill(actor);
    return actor;
  }

  /** Submits, and resolves to the snapshot once the server refused. */
  function submitRefused(actor: ReturnType<typeof start>) {
    actor.send({ type: 'registration.submit', language: 'en' });
    return waitFor(actor, (s) => s.matches({ editing: 'rejected' }));
  }

  const EXISTS = 'server.sameEmailUserExists';

  it('"already exists" right after a sign-up with no answer, for that email: most likely created by it', async () => {
    const actor = refusedInTurn(
      serverError('errors.network'),
      serverError(EXISTS),
      serverError(EXISTS),
    );
    expect(isMaybeCreatedAlready(await submitRefused(actor))).toBe(false);
    expect(isMaybeCreatedAlready(await submitRefused(actor))).toBe(true);
    // The server keeps emails in lower case: the same address typed otherwise is the same.
    actor.send({ type: 'registration.change', field: 'email', value: 'Emilie@Example.ca' });
    expect(isMaybeCreatedAlready(await submitRefused(actor))).toBe(true);
    // Another email is another story.
    actor.send({ type: 'registration.change', field: 'email', value: 'other@example.ca' });
    expect(isMaybeCreatedAlready(actor.getSnapshot())).toBe(false);
  });

  it("a 5xx (perhaps a proxy's, after the server acted) counts as no answer too", async () => {
    const actor = refusedInTurn(
      Object.assign(serverError('errors.server'), { status: 504 }),
      serverError(EXISTS),
    );
    await submitRefused(actor);
    const snapshot = await submitRefused(actor);
    expect(selectServerErrorKey(snapshot)).toBe(EXISTS);
    expect(isMaybeCreatedAlready(snapshot)).toBe(true);
  });

  it('"already exists" with no unanswered try before is only the server\'s message', async () => {
    const snapshot = await submitRefused(refusedInTurn(serverError(EXISTS)));
    expect(selectServerErrorKey(snapshot)).toBe(EXISTS);
    expect(isMaybeCreatedAlready(snapshot)).toBe(false);
  });

  it('shows any other code only under the form, and unknown errors as errors.unknown', async () => {
    const errors = [serverError('server.userDoesntExist'), new Error('boom')];
    const actor = start(
      fromPromise<void, SignUpPayload>(async () => {
        throw errors.shift();
      }),
    );
    fill(actor);
    actor.send({ type: 'registration.submit', language: 'en' });
    let snapshot = await waitFor(actor, (s) => s.matches({ editing: 'rejected' }));
    expect(selectServerErrorKey(snapshot)).toBe('server.userDoesntExist');
    expect(selectFieldErrors(snapshot)).toEqual({});

    actor.send({ type: 'registration.submit', language: 'en' });
    snapshot = await waitFor(
      actor,
      (s) => s.matches({ editing: 'rejected' }) && s.context.form.errorKey === 'errors.unknown',
    );
    expect(selectFieldErrors(snapshot)).toEqual({});
  });

  it('clears the server’s field flags and message when any field changes, keeping the values', async () => {
    const actor = start(
      fromPromise<void, SignUpPayload>(async () => {
        throw serverError('server.sameEmailUserExists');
      }),
    );
    fill(actor);
    actor.send({ type: 'registration.submit', language: 'en' });
    await waitFor(actor, (s) => s.matches({ editing: 'rejected' }));

    actor.send({ type: 'registration.change', field: 'lastName', value: 'Tremblay-Roy' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ editing: 'ready' })).toBe(true);
    expect(selectFieldErrors(snapshot)).toEqual({});
    expect(selectServerErrorKey(snapshot)).toBeNull();
    expect(selectValues(snapshot)).toEqual({ ...VALID, lastName: 'Tremblay-Roy' });
    expect(canSubmit(snapshot)).toBe(true);
  });

  it('ignores changes while submitting', async () => {
    const actor = start(fromPromise<void, SignUpPayload>(() => new Promise(() => {})));
    fill(actor);
    actor.send({ type: 'registration.submit', language: 'en' });
    actor.send({ type: 'registration.change', field: 'email', value: 'other@example.ca' });
    expect(selectValues(actor.getSnapshot()).email).toBe(VALID.email);
    expect(isSubmitting(actor.getSnapshot())).toBe(true);
  });

  it('rejects with a key when signUp is not provided', async () => {
    const actor = createActor(registrationMachine, { input: {} }).start();
    fill(actor as ReturnType<typeof start>);
    actor.send({ type: 'registration.submit', language: 'en' });
    const snapshot = await waitFor(actor, (s) => s.matches({ editing: 'rejected' }));
    expect(selectServerErrorKey(snapshot)).toBe('errors.unknown');
  });
});
