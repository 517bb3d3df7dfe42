/**
 * The naive stack: a login page in one chunk, importing the app's whole pinned
 * stack (React, TanStack Router, XState with @xstate/react, i18next with its
 * language detector and HTTP backend, ky, valibot) with no splitting at all.
 * It is what a team gets by default; the app's /login must load no more
 * (npm run size fails when it does).
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import ky from 'ky';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { assign, setup } from 'xstate';

void i18next
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: 'en',
    supportedLngs: ['en', 'fr'],
    resources: { en: { translation: { signIn: 'Sign in' } } },
  });

const LoginSchema = v.object({
  emailOrPhone: v.pipe(v.string(), v.email()),
  password: v.pipe(v.string(), v.minLength(8)),
});
const api = ky.create({ prefix: '/api/' });

const loginMachine = setup({
  types: {} as { context: { email: string }; events: { type: 'change'; value: string } },
}).createMachine({
  context: { email: '' },
  initial: 'editing',
  states: {
    editing: { on: { change: { actions: assign({ email: ({ event }) => event.value }) } } },
  },
});

function LoginPage() {
  // The app's typed keys (src/i18n/i18next.d.ts) do not apply to this page's one key.
  const { t } = useTranslation() as unknown as { t: (key: string) => string };
  const [snapshot, send] = useMachine(loginMachine);
  const valid = v.safeParse(LoginSchema, {
    emailOrPhone: snapshot.context.email,
    password: 'xxxxxxxx',
  }).success;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void api.post('client/auth/login').json();
      }}
    >
      <input
        aria-label="email"
        value={snapshot.context.email}
        onChange={(event) => send({ type: 'change', value: event.target.value })}
      />
      <button type="submit" disabled={!valid}>
        {t('signIn')}
      </button>
    </form>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  component: LoginPage,
});
const router = createRouter({ routeTree: rootRoute.addChildren([loginRoute]) });

const root = document.getElementById('root');
if (root) createRoot(root).render(<RouterProvider router={router} />);
