import { createRoot } from 'react-dom/client';
import en from '../../../public/locales/en/config-error.json' with { type: 'json' };
import fr from '../../../public/locales/fr/config-error.json' with { type: 'json' };
import { Logo } from '../../components/logo.tsx';

/**
 * Shown instead of the app when its build-time settings are wrong
 * (src/app/env.ts): a visible page, never the endless boot spinner. The
 * settings are wrong, so nothing else can be trusted to start (not even the
 * translations over HTTP): the texts are bundled in both languages, and the
 * page shows both, English first. The technical details (which variable,
 * never its value) reach the console only, as the error src/main.tsx rethrows.
 */
export function ConfigErrorScreen() {
  return (
    <main id="main" className="page page--narrow" aria-labelledby="config-error-title">
      <Logo size={56} />
      <h1 id="config-error-title">{en.title}</h1>
      <p role="alert">{en.body}</p>
      <p>{en.next}</p>
      <section lang="fr" aria-labelledby="config-error-title-fr">
        <h2 id="config-error-title-fr">{fr.title}</h2>
        <p>{fr.body}</p>
        <p>{fr.next}</p>
      </section>
    </main>
  );
}

/** Replaces the boot spinner in `root` with the error page. */
export function showConfigError(root: HTMLElement): void {
  document.title = `${en.title} · ${fr.title}`;
  createRoot(root).render(<ConfigErrorScreen />);
}
