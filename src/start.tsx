import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { serviceSteps } from './app/create-services.ts';
import { type AppConfig, readConfig } from './app/env.ts';
import { loadInspector } from './app/inspector.ts';
import { ServicesProvider } from './app/services.tsx';
import { Splash } from './components/splash.tsx';
import { createI18n } from './i18n/i18n.ts';
import { loadTexts } from './i18n/texts.ts';
import { runInTasks } from './lib/steps.ts';
import { yieldToBrowser } from './lib/yield-to-browser.ts';
import { titleFromHeading } from './routes/page-heading.ts';
import { createAppRouter, loadFirstPage } from './routes/router.tsx';

/**
 * The app's start, after the libraries (src/main.tsx): the build-time
 * settings, the translations, the services and the router, each step in a
 * task of its own. Resolves to the page to render.
 */
export async function startApp(): Promise<ReactNode> {
  // This module's chunk was evaluated in the task that imported it.
  await yieldToBrowser();
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
  await yieldToBrowser();
  const { i18n, ready: translationsTried } = createI18n();
  await yieldToBrowser();
  const inspect = await loadInspector(config);
  const { services } = await runInTasks(serviceSteps({ config, i18n, inspect }));
  await yieldToBrowser();
  const router = createAppRouter(services);
  // Every page needs the common texts: without them, the page that says the
  // app could not load (in both languages, with Reload) instead of keys.
  await loadTexts(i18n, ['common'], translationsTried);
  await loadFirstPage(router);
  titleFromHeading(() => i18n.t('common:app.name'));
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <Suspense fallback={<Splash />}>
          <RouterProvider router={router} />
        </Suspense>
      </ServicesProvider>
    </I18nextProvider>
  );
}
