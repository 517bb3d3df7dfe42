/**
 * Quality sweep: every screen at 320 × 640 (the narrowest phone WCAG
 * 1.4.10 reflow asks for) has no horizontal scroll, and its primary action is
 * on screen whole and can be clicked (Playwright's trial click: visible,
 * stable, enabled and not covered by anything else). Two screenshots go to
 * /tmp for a person to look at.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { fillFields, fillSignUp } from './support/forms.ts';
import {
  ADDRESS,
  CARDS,
  expectCardFieldsReady,
  openScreen,
  PASSWORD,
  signInQuickly,
  typeCard,
} from './support/members.ts';
import { expectHeading } from './support/quality.ts';

// Several screens and axe runs per test: room for a machine shared with other runs.
test.describe.configure({ timeout: 60_000 });

const WIDTH = 320;
/** The card number's label in each language (the checkout's fields are found by it). */
const CARD_NUMBER = { en: 'Card number', fr: 'Numéro de carte' } as const;

test.use({ viewport: { width: WIDTH, height: 640 } });

/** No horizontal scroll; on failure, names the innermost elements that stick out. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, offenders } = await page.evaluate((width) => {
    const sticksOut = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right + window.scrollX > width + 0.5;
    };
    const name = (el: Element, right: number) => {
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''} (right ${Math.round(right + window.scrollX)})`;
    };
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!sticksOut(el) || Array.from(el.children).some(sticksOut)) continue;
      out.push(name(el, el.getBoundingClientRect().right));
    }
    // Text running out of a box that fits (a word longer than its line).
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      const parent = node.parentElement;
      // (text said to screen readers only lies in a 1 px box that clips it)
      if (!parent || parent.getBoundingClientRect().width <= 1) continue;
      if (box.width > 0 && box.right + window.scrollX > width + 0.5) {
        out.push(`text “${node.textContent?.trim().slice(0, 20)}” in ${name(parent, box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, offenders: out.slice(0, 8) };
  }, WIDTH);
  expect(
    scrollWidth,
    `no horizontal scroll on ${page.url()}; sticking out: ${offenders.join(', ')}`,
  ).toBeLessThanOrEqual(WIDTH);
}

/** The primary action is inside the 320 px, scrolled to and clickable. */
async function expectUsableAction(action: Locator) {
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport({ ratio: 1 });
  await action.click({ trial: true });
}

/** Each option of a select, once chosen, shows whole in its box: none is cut off at this width. */
async function expectOptionsWhole(select: Locator) {
  const cut = await select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    // Chromium draws the select's arrow inside its box, beside the text: about 20 px.
    const arrow = 20;
    const room =
      element.clientWidth -
      Number.parseFloat(style.paddingLeft) -
      Number.parseFloat(style.paddingRight) -
      arrow;
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['(no canvas to measure with)'];
    context.font = style.font;
    return [...element.options]
      .map((option) => option.text)
      .filter((text) => context.measureText(text).width > room);
  });
  expect(cut, 'options cut off in the select').toEqual([]);
}

async function checkScreen(page: Page, action: Locator) {
  await expectNoHorizontalScroll(page);
  await expectUsableAction(action);
}

test('public screens at 320 px', async ({ page }) => {
  const screens: Array<[path: string, h1: string | RegExp, action: Locator]> = [
    ['/', 'Charge at home, earn cashback', page.getByRole('link', { name: 'Create an account' })],
    [
      '/forgot-password',
      'Forgot your password?',
      page.getByRole('button', { name: 'Send the code' }),
    ],
    ['/terms', /terms/i, page.getByRole('link', { name: 'Back to home' })],
    ['/policy', /privacy/i, page.getByRole('link', { name: 'Back to home' })],
    ['/no-such-page', 'Page not found', page.getByRole('link', { name: 'Back to home' })],
  ];
  for (const [path, h1, action] of screens) {
    await test.step(path, async () => {
      await page.goto(path);
      await expectHeading(page, h1);
      await checkScreen(page, action);
    });
  }
});

test('login, the one-time code and registration at 320 px', async ({
  page,
  newMember,
  api,
  uniqueEmail,
}) => {
  const { email } = await newMember('narrow-otp', { verified: false });

  await page.goto('/register');
  await expectHeading(page, 'Create your account');
  await fillSignUp(page, { email: uniqueEmail('narrow-register'), phone: { typed: '4165550144' } });
  await checkScreen(page, page.getByRole('button', { name: 'Create Account' }));
  // The country selector and the number each get the form's width (a row each), none cut short.
  const form = await page.getByLabel('Email', { exact: true }).boundingBox();
  for (const label of ['Country code', 'Phone']) {
    const box = await page.getByLabel(label, { exact: true }).boundingBox();
    expect(box?.width, label).toBeCloseTo(form?.width ?? 0, 0);
  }
  await page.screenshot({ path: '/tmp/quality-narrow-register.png', fullPage: true });

  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  await fillFields(page, { 'Email or phone': email, Password: PASSWORD });
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await checkScreen(page, signIn);
  await signIn.click();

  await expectHeading(page, 'Verify your account');
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await api.lastOtp(email));
  await checkScreen(page, page.getByRole('button', { name: 'Next' }));
});

test('a long address with nowhere to break wraps on the sign-up confirmation and the code step at 320 px', async ({
  page,
  api,
}) => {
  // A real-world address of 38 characters without a hyphen: no line-break opportunity.
  const email = `marielefebvregagnon${Date.now().toString(36)}@videotron.ca`;
  await page.goto('/register');
  await fillSignUp(page, { email, phone: { typed: '4165550146' } });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectHeading(page, 'Your account has been created');
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await checkScreen(page, page.getByRole('link', { name: 'Go to sign in' }));

  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await fillFields(page, { 'Email or phone': email, Password: PASSWORD });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectHeading(page, 'Verify your account');
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await api.lastOtp(email));
  await checkScreen(page, page.getByRole('button', { name: 'Next' }));
});

test('member screens at 320 px', async ({ page, openAsMember }) => {
  await openAsMember('/activation', 'narrow-member');
  await checkScreen(page, page.getByRole('button', { name: 'Activate membership' }));

  // The province's placeholder and every province, in French too (longer names).
  await page.goto('/billing?lng=fr');
  await expectHeading(page, 'Adresse de facturation');
  await expectOptionsWhole(page.getByLabel('Province ou territoire', { exact: true }));
  await page.getByRole('button', { name: 'EN (English)', exact: true }).click();
  await expectHeading(page, 'Billing address');
  await expectOptionsWhole(page.getByLabel('Province or territory', { exact: true }));
  await page.getByLabel('Address line 1', { exact: true }).fill('1 Main St');
  await page.getByLabel('City', { exact: true }).fill('Toronto');
  await page.getByLabel('Postal code', { exact: true }).fill('M5V 2T6');
  await page.getByLabel('Province or territory', { exact: true }).selectOption('ON');
  await checkScreen(page, page.getByRole('button', { name: 'Finish' }));

  await openScreen(page, '/account');
  await page.getByLabel('First name', { exact: true }).fill('Kimberly');
  await checkScreen(page, page.getByRole('button', { name: 'Save profile' }));
});

test('the message that French could not be loaded is whole on a 320 px screen, wherever the wrapped header puts the switch', async ({
  page,
  openAsMember,
}) => {
  // The French texts are not there (a 404 is not tried again): the switch says so at once.
  await page.route('**/locales/fr/**', (route) => route.fulfill({ status: 404, body: '' }));
  const failed = page
    .getByRole('alert')
    .filter({ hasText: 'The other language could not be loaded' });
  await openAsMember('/dashboard', 'narrow-language', { state: 'active' });
  // The member header (the switch at the start of its second line), then the public one's.
  for (const path of ['/dashboard', '/account', '/terms']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'FR (Français)', exact: true }).click();
    await expect(failed).toBeVisible({ timeout: 10_000 });
    // Before, on /dashboard it stood at x = -148 to 108: more than half of it off the screen.
    await expect(failed).toBeInViewport({ ratio: 1 });
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');
    await expect(failed).toBeHidden();
  }
});

test('text spacing made larger (WCAG 1.4.12) in French at 320 px: the skip link stays out of sight until focused, “S’inscrire” stays whole', async ({
  page,
}) => {
  await page.goto('/login?lng=fr');
  await expectHeading(page, 'Connexion');
  // The spacing a reader's own style sheet may ask for (a constructed sheet: the CSP allows no <style>).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  const skip = page.locator('a.skip-link');
  const skipBox = await skip.boundingBox();
  // Two lines now, and still wholly above the page.
  expect(skipBox?.height).toBeGreaterThan(50);
  expect((skipBox?.y ?? 0) + (skipBox?.height ?? 0)).toBeLessThanOrEqual(0);
  const signUp = page.getByRole('link', { name: 'S’inscrire' });
  expect(await signUp.evaluate((link) => link.getClientRects().length)).toBe(1);
  await expectNoHorizontalScroll(page);

  await skip.focus();
  const focusedBox = await skip.boundingBox();
  expect(focusedBox?.y).toBeGreaterThanOrEqual(0);
});

test('a name that is one long word wraps on the dashboard at 320 px', async ({
  page,
  openAsMember,
}) => {
  await openAsMember('/dashboard', 'narrow-long-name', { state: 'active' });
  // A name from elsewhere than this app's sign-up (whose rules stop at 32), as one word.
  const firstName = 'Wolfeschlegelsteinhausenbergerdorffwelchevoralternwarengewissenhaft';
  await page.route('**/api/client/auth/profile', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const answer = await route.fetch();
    return route.fulfill({ response: answer, json: { ...(await answer.json()), firstName } });
  });
  await page.reload();
  await expect(page.getByText(`Welcome, ${firstName}`)).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('checkout, its 3D Secure dialog and the dashboard at 320 px', async ({
  page,
  memberAtCheckout,
}) => {
  await memberAtCheckout('narrow-checkout');
  await typeCard(page, CARDS.threeDSecure);
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  await checkScreen(page, subscribe);
  await page.screenshot({ path: '/tmp/quality-narrow-checkout.png', fullPage: true });

  await subscribe.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await checkScreen(page, dialog.getByRole('button', { name: 'Complete' }));
  await expectUsableAction(dialog.getByRole('button', { name: 'Fail' }));
  await dialog.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expectHeading(page, 'Dashboard');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await checkScreen(page, page.getByRole('button', { name: /Order charger/ }));
  await page.screenshot({ path: '/tmp/quality-narrow-dashboard.png', fullPage: true });
});

/** Each password field leaves its input room to type: at least 100 px, and no narrower than its Show button. */
async function expectRoomyPasswords(page: Page) {
  const rows = await page.locator('.field__control:has(.field__toggle)').evaluateAll((controls) =>
    controls.map((control) => ({
      input: control.querySelector('input')?.getBoundingClientRect().width ?? 0,
      toggle: control.querySelector('.field__toggle')?.getBoundingClientRect().width ?? 0,
    })),
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const { input, toggle } of rows) {
    expect(input, `password input ${input} px beside a ${toggle} px button`).toBeGreaterThanOrEqual(
      Math.max(100, toggle),
    );
  }
}

test('in French at 320 px the password fields keep room to type; at 360 px the card boxes line up', async ({
  page,
  openAsMember,
}) => {
  await page.goto('/login?lng=fr');
  await expectHeading(page, 'Connexion');
  await expectRoomyPasswords(page);

  // Another visit: the link's French is not kept for this English member's sign-in.
  await page.evaluate(() => localStorage.clear());
  await openAsMember('/account', 'narrow-fr', { state: 'active', billingAddress: ADDRESS });
  await page.getByRole('button', { name: 'Français' }).click();
  await expectHeading(page, 'Votre compte');
  await expectRoomyPasswords(page);

  // At 360 px the expiry and the CVC share a row; "Date d'expiration" takes two lines.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/subscription');
  await expectHeading(page, 'Finalisez votre adhésion');
  const expiry = page.getByLabel(/expir/i);
  const cvc = page.getByLabel(/cvc/i);
  await expect(expiry).toBeVisible();
  const [a, b] = [await expiry.boundingBox(), await cvc.boundingBox()];
  expect(a?.y).toBe(b?.y);
  expect(a?.height).toBe(b?.height);
});

/** The root text size, as a browser's 'font size' setting sets it (through the CSSOM: the CSP allows no inline style sheet). */
function textSize(page: Page, size: string) {
  return page.evaluate((value) => {
    document.documentElement.style.fontSize = value;
  }, size);
}

test('forms are 400 px wide at the default text size and grow with text made larger; French card labels then wrap apart', async ({
  page,
  signedInMember,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  const form = page.locator('section.auth-form');
  expect((await form.boundingBox())?.width).toBeCloseTo(400, 0);
  // Text twice as large in the browser's settings (WCAG 1.4.4): the form grows with it.
  await textSize(page, '200%');
  // (up to 800 px, as wide as the page's column allows)
  expect((await form.boundingBox())?.width).toBeGreaterThan(500);
  await textSize(page, '');

  // A French member (the checkout speaks the profile's language).
  await signedInMember('larger-text-card', {
    state: 'active',
    billingAddress: ADDRESS,
    language: 'fr',
    quickly: true,
  });
  await page.goto('/subscription');
  await expectHeading(page, 'Finalisez votre adhésion');
  await expect(page.getByLabel('Date d’expiration', { exact: true })).toBeVisible();
  await textSize(page, '200%');
  const expiry = await page.locator('label[for="card-expiry"]').boundingBox();
  const cvc = await page.locator('label[for="card-cvc"]').boundingBox();
  expect(expiry && cvc, 'both labels shown').toBeTruthy();
  if (!expiry || !cvc) return;
  expect(
    expiry.x + expiry.width,
    '“Date d’expiration” ends before “CVC” starts',
  ).toBeLessThanOrEqual(cvc.x);
});

// Text twice as large (a browser's font size setting, WCAG 1.4.4) on a 320 px phone: a long
// word in a heading or a button ('membership', 'Déconnexion', 'facturation') wraps inside
// its box instead of pushing the page sideways.
for (const language of ['en', 'fr'] as const) {
  test(`text twice as large at 320 px, in ${language === 'en' ? 'English' : 'French'}: no page scrolls sideways`, async ({
    page,
    request,
    newMember,
  }) => {
    const check = async (path: string) => {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/subscription') await expectCardFieldsReady(page, CARD_NUMBER[language]);
        await textSize(page, '200%');
        await expectNoHorizontalScroll(page);
      });
    };
    for (const path of ['/', '/login', '/register', '/terms', '/no-such-page']) {
      await check(`${path}?lng=${language}`);
    }
    const newcomer = await newMember('larger-text-new', { language });
    await signInQuickly(page, request, newcomer.email);
    await check('/activation');
    const member = await newMember('larger-text-active', {
      state: 'active',
      billingAddress: ADDRESS,
      language,
    });
    await signInQuickly(page, request, member.email);
    for (const path of ['/dashboard', '/subscription', '/billing', '/account']) await check(path);
  });
}

test('the code step loading after sign-in keeps its room on a phone: the panel below moves up, never up past the step and back down', async ({
  page,
  newMember,
  signIn,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { email } = await newMember('narrow-otp-room', { verified: false });
  // The code step's file held back: the spinner shows until it comes.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/otp-step-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await expectHeading(page, 'Sign in');
  const panel = page.locator('aside.auth__info');
  const top = async () => (await panel.boundingBox())?.y ?? Number.NaN;
  const signingIn = await top();

  await signIn(page, email, PASSWORD);
  await expect(page.locator('main.auth__main > .spinner')).toBeVisible();
  const loading = await top();
  release();
  await expectHeading(page, 'Verify your account');
  const onStep = await top();

  expect(loading, 'the panel moves up, if at all, while the step loads').toBeLessThanOrEqual(
    signingIn,
  );
  expect(loading, 'and not past where the code step puts it').toBeGreaterThanOrEqual(onStep);
});

test('in French on a phone, “Renvoyer le code” going busy moves nothing under a second tap', async ({
  page,
  newMember,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Resend waits 30 s after a code went out: the clock lets them pass at once.
  await page.clock.install();
  const { email } = await newMember('narrow-resend', { verified: false });
  await page.goto('/login?lng=fr');
  await fillFields(page, { 'Courriel ou téléphone': email, 'Mot de passe': PASSWORD });
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expectHeading(page, 'Vérifiez votre compte');
  await page.clock.fastForward(30_000);

  // The new code's request held back: the link shows its busy label meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/client\/auth\/resend-otp$/, async (route) => {
    await held;
    await route.continue();
  });
  const resend = page.getByRole('button', { name: 'Renvoyer le code' });
  const back = page.getByRole('button', { name: 'Retour à la connexion' });
  const boxOf = async (what: typeof resend) => {
    const box = await what.boundingBox();
    if (!box) throw new Error('not laid out');
    return box;
  };
  const before = { resend: await boxOf(resend), back: await boxOf(back) };
  await resend.click();
  const busy = page.getByRole('button', { name: 'Envoi…' });
  await expect(busy).toBeDisabled();
  // Its shorter label stays on its own line: nothing below it comes up (QA: "Retour à la
  // connexion" came up under a second tap, which left the code step).
  expect((await boxOf(busy)).y).toBe(before.resend.y);
  expect(await boxOf(back)).toEqual(before.back);

  // Sent: the note above pushes the page down, never up; the wait's seconds take the
  // room kept for them, and give it back to no one when the wait ends.
  release();
  await expect(page.getByText(`Un nouveau code a été envoyé à ${email}.`)).toBeVisible();
  await expect(page.getByText(/Vous pourrez demander un nouveau code dans \d+\ss\./)).toBeVisible();
  const sent = await boxOf(back);
  expect(sent.y).toBeGreaterThanOrEqual(before.back.y);
  await page.clock.fastForward(30_000);
  await expect(resend).toBeEnabled();
  await expect(page.getByText(/Vous pourrez demander un nouveau code dans \d+\ss\./)).toBeHidden();
  expect(await boxOf(back)).toEqual(sent);
});
