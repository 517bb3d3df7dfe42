import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createServices } from './app/create-services.ts';
import { type AppConfig, readConfig } from './app/env.ts';
import { loadInspector } from './app/inspector.ts';
import { ServicesProvider } from './app/services.tsx';
import { Splash } from './components/splash.tsx';
import { createI18n } from './i18n/i18n.ts';
import { yieldToBrowser } from './lib/yield-to-browser.ts';
import { createAppRouter } from './routes/router.tsx';
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
const { services } = createServices({ config, i18n, inspect });
await yieldToBrowser();
const router = createAppRouter(services);

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
