import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { isSignedIn } from '../machines/session/session.selectors.ts';
import { createServices } from './app/create-services.ts';
import { type AppConfig, readConfig } from './app/env.ts';
import { loadInspector } from './app/inspector.ts';
import { createLanguageSync } from './app/language-sync.ts';
import { createAppRouter } from './app/router.tsx';
import { ServicesProvider } from './app/services.tsx';
import { Splash } from './components/splash.tsx';
import { createI18n } from './i18n/i18n.ts';
import { yieldToBrowser } from './lib/yield-to-browser.ts';
import './styles.css';

let config: AppConfig;
try {
  config = readConfig();
} catch (error) {
  // Wrong build-time settings: a visible error page (its own chunk), not the spinner.
  const { showConfigError } = await import('./screens/error/config-error-screen.ts');
  const mount = document.getElementById('root');
  if (mount) showConfigError(mount);
  throw error;
}
const i18n = createI18n();
await yieldToBrowser();
const inspect = await loadInspector(config);
const created = createServices({ config, inspect });
const languageSync = createLanguageSync({
  i18n,
  session: created.services.session,
  api: created.services.api,
  logger: created.services.logger,
  storage: created.services.storage,
});
languageSync.start();
const services = { ...created.services, chooseLanguage: languageSync.choose };
const { bindNavigation } = created;
await yieldToBrowser();
const router = createAppRouter(services);
bindNavigation((to) => void router.navigate({ to, replace: true }));

// Guards read the session: when signing in or out happens, let them decide again.
let signedIn = isSignedIn(services.session.getSnapshot());
services.session.subscribe((snapshot) => {
  const now = isSignedIn(snapshot);
  if (now !== signedIn) {
    signedIn = now;
    void router.invalidate();
  }
});

await yieldToBrowser();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first render as a transition: React yields to the browser every few
// milliseconds instead of holding the main thread until the page is built
// (the static splash stays on screen meanwhile).
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServicesProvider services={services}>
          <Suspense fallback={<Splash />}>
            <RouterProvider router={router} />
          </Suspense>
        </ServicesProvider>
      </I18nextProvider>
    </StrictMode>,
  );
});
