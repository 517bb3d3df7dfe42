// @vitest-environment node
/**
 * The account page's saves answered with the member (src/app/flows.ts): the
 * session takes the saved member once, whether the page is still open (its
 * statechart hands it over) or was left before the answer came. The billing
 * address, whose save is answered with nothing, the same way.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { preferencesMachine } from '../../machines/account/preferences.machine.ts';
import { profileFormMachine } from '../../machines/account/profile-form.machine.ts';
import { billingMachine } from '../../machines/billing/billing.machine.ts';
import type { User } from '../../machines/shared/domain.ts';
import type { Api } from '../../src/api/api.ts';
import { createFlows } from '../../src/app/flows.ts';
import { LANGUAGE_CHOICE_KEY } from '../../src/app/language-choice.ts';
import type { MembershipAccess } from '../../src/app/membership-access.ts';
import { createSafeStorage } from '../../src/lib/safe-storage.ts';
import { deferred } from '../support/deferred.ts';
import { createSessionStub } from '../support/fake-services.ts';
import { MARIE } from '../support/fixtures.ts';

const USER = { ...MARIE, language: 'en', disableNotifications: false } satisfies User;

function setUp() {
  const answer = deferred<User>();
  const saved = deferred<void>();
  const api = {
    auth: {
      updateProfile: vi.fn(() => answer.promise),
      changeLanguage: vi.fn(() => answer.promise),
      setNotifications: vi.fn(() => answer.promise),
      updateBillingAddress: vi.fn(() => saved.promise),
    },
  } as unknown as Api;
  const stub = createSessionStub(USER);
  const send = vi.spyOn(stub.session, 'send');
  const storage = createSafeStorage(() => null);
  const flows = createFlows({
    api,
    session: stub.session,
    membership: {} as MembershipAccess,
    logger: { error: vi.fn(), info: vi.fn() } as never,
    i18n: { changeLanguage: vi.fn() } as never,
    storage,
  });
  const updates = () => send.mock.calls.filter(([event]) => event.type === 'session.userUpdated');
  return { answer, saved, flows, stub, updates, storage };
}

/** The account page's profile form, its first name changed to Émilie and saved. */
function saveFirstName(flows: ReturnType<typeof setUp>['flows']) {
  const form = createActor(profileFormMachine.provide(flows.profileForm), { input: USER });
  form.start();
  form.send({ type: 'profile.change', field: 'firstName', value: 'Émilie' });
  form.send({ type: 'profile.submit' });
  return form;
}

/** Lets the answer reach the actors (a few promise hops). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a save answered with the member', () => {
  it('the page still open: its statechart hands the member to the session, once', async () => {
    const { answer, flows, stub, updates } = setUp();
    const form = saveFirstName(flows);
    answer.resolve({ ...USER, firstName: 'Émilie' });
    await settle();
    expect(form.getSnapshot().matches({ editing: 'saved' })).toBe(true);
    expect(updates()).toHaveLength(1);
    expect(stub.user().firstName).toBe('Émilie');
  });

  it('the page left before the answer (profile): the session takes the member all the same, once', async () => {
    const { answer, flows, stub, updates } = setUp();
    const form = saveFirstName(flows);
    form.stop();
    expect(updates()).toHaveLength(0);
    answer.resolve({ ...USER, firstName: 'Émilie' });
    await settle();
    expect(updates()).toHaveLength(1);
    expect(stub.user().firstName).toBe('Émilie');
  });

  it('the page left before the answer (notifications): the same', async () => {
    const { answer, flows, stub, updates } = setUp();
    const preferences = createActor(preferencesMachine.provide(flows.preferences), {
      input: USER,
    });
    preferences.start();
    preferences.send({ type: 'notifications.toggle' });
    preferences.stop();
    answer.resolve({ ...USER, disableNotifications: true });
    await settle();
    expect(updates()).toHaveLength(1);
    expect(stub.user().disableNotifications).toBe(true);
  });

  it('a save that fails after the page was left changes nothing', async () => {
    const { answer, flows, stub, updates } = setUp();
    const form = saveFirstName(flows);
    form.stop();
    answer.reject(new Error('offline'));
    await settle();
    expect(updates()).toHaveLength(0);
    expect(stub.user().firstName).toBe(USER.firstName);
  });
});

describe('a language saved from the account page', () => {
  /** The account page's language set to French, this device keeping a French choice not saved yet. */
  function chooseFrench(setup: ReturnType<typeof setUp>) {
    setup.storage.setItem(LANGUAGE_CHOICE_KEY, `fr:${USER._id}`);
    const preferences = createActor(preferencesMachine.provide(setup.flows.preferences), {
      input: USER,
    });
    preferences.start();
    preferences.send({ type: 'language.choose', language: 'fr' });
    return preferences;
  }

  it('forgets the choice this device kept for the profile: the next sign-in never saves it over a later one', async () => {
    const setup = setUp();
    chooseFrench(setup);
    setup.answer.resolve({ ...USER, language: 'fr' });
    await settle();
    expect(setup.storage.getItem(LANGUAGE_CHOICE_KEY)).toBeNull();
    expect(setup.stub.user().language).toBe('fr');
  });

  it('a failed save keeps it, to be saved at the next sign-in', async () => {
    const setup = setUp();
    chooseFrench(setup);
    setup.answer.reject(new Error('offline'));
    await settle();
    expect(setup.storage.getItem(LANGUAGE_CHOICE_KEY)).toBe(`fr:${USER._id}`);
    expect(setup.stub.user().language).toBe('en');
  });
});

/** The address as the billing form sends it (PUT client/auth/profile/billingAddress). */
const ADDRESS = {
  country_code: 'CA',
  address_1: '1234 rue Saint-Denis',
  city: 'Montréal',
  province: 'QC',
  postal_code: 'H2X 1Y4',
};

/** The billing form, filled and sent; its refresh after the save never ends (not the subject). */
function saveAddress(flows: ReturnType<typeof setUp>['flows']) {
  const form = createActor(
    billingMachine.provide({
      ...flows.billing,
      actors: {
        ...flows.billing.actors,
        refreshAfterSave: fromPromise(() => new Promise(() => {})),
      },
    }),
    {
      input: {
        initial: {
          address1: ADDRESS.address_1,
          city: ADDRESS.city,
          postalCode: 'h2x1y4',
          province: 'QC',
        },
      },
    },
  );
  form.start();
  form.send({ type: 'billing.submit' });
  return form;
}

describe('a billing address saved', () => {
  it('the session has it as soon as the server took it, before (and whatever) the reload that follows', async () => {
    const { saved, flows, stub, updates } = setUp();
    const form = saveAddress(flows);
    expect(updates()).toHaveLength(0);
    saved.resolve();
    await settle();
    expect(form.getSnapshot().value).toBe('refreshing');
    expect(updates()).toHaveLength(1);
    expect(stub.user().billingAddress).toEqual(ADDRESS);
    expect(stub.user().firstName).toBe(USER.firstName);
  });

  it('the page left before the answer: the session has it all the same', async () => {
    const { saved, flows, stub } = setUp();
    const form = saveAddress(flows);
    form.stop();
    saved.resolve();
    await settle();
    expect(stub.user().billingAddress).toEqual(ADDRESS);
  });

  it('another member signed in before the answer: never given to them; a failed save changes nothing', async () => {
    const other = setUp();
    saveAddress(other.flows);
    other.stub.setUser({ ...USER, _id: 'u2', id: 'u2', firstName: 'Paul' });
    other.saved.resolve();
    await settle();
    expect(other.stub.user().billingAddress).toEqual({});

    const failed = setUp();
    saveAddress(failed.flows);
    failed.saved.reject(new Error('offline'));
    await settle();
    expect(failed.updates()).toHaveLength(0);
    expect(failed.stub.user().billingAddress).toEqual({});
  });
});
