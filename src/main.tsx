import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { yieldToBrowser } from './lib/yield-to-browser.ts';
import { showLoadError } from './screens/error/load-error-screen.ts';
import './styles.css';

// Start-up runs as a series of short tasks, so that a slow phone is never
// blocked for long (the static splash of index.html shows meanwhile):
//   1. this module and the libraries (the `initial` chunk) are evaluated;
//   2. the app's own modules (the `app` chunk, which index.html preloads, so
//      it downloads beside the libraries) are evaluated in a task of their own;
//   3. each step of the app's start (start.tsx) yields before the next; its
//      last loads the first page, when it can within 100 ms (loadFirstPage);
//   4. the first render is a transition: React yields every few milliseconds.
// See deploy/initial-chunk-vite-plugin.ts.
//
// An async function rather than top-level await: Rolldown turns its chunk
// optimizations off for a module graph with top-level await, which left a
// re-export chunk in front of each dynamic import of a grouped module (two
// more requests before /login could paint: the start's and the sign-in
// screen's).
async function boot(root: HTMLElement) {
  await yieldToBrowser();
  let page: ReactNode;
  try {
    const { startApp } = await import('./start.tsx');
    page = await startApp();
  } catch (error) {
    // The app's code did not arrive (or its start failed): a page that says so,
    // with Reload, instead of the endless spinner. Wrong settings have shown
    // their own page already.
    if (root.querySelector('.boot')) showLoadError(root, () => window.location.reload());
    throw error;
  }
  // The start is done: from here the app's own pages say what goes wrong, so
  // index.html's notice for a start that never comes ('reload the page' after
  // 15 s) no longer shows (it stays hidden in its place: nothing moves). Until
  // here, a stalled download (the app's chunk, the texts) leaves it to say so.
  root.querySelector('.boot')?.classList.add('boot--running');
  await yieldToBrowser();

  // React renders beside the static splash, which stays until the app shows
  // something: its first commit may be empty (the first page still loading),
  // and rendering into #root itself would clear the splash then, leaving the
  // page blank (about 240 ms on a slow phone). The splash goes in the same
  // task as the app's first content, before that is painted: nothing moves.
  const mount = document.createElement('div');
  root.append(mount);
  const splash = root.querySelector('.boot');
  if (splash) {
    const firstContent = new MutationObserver(() => {
      if (!mount.hasChildNodes()) return;
      splash.remove();
      firstContent.disconnect();
    });
    firstContent.observe(mount, { childList: true });
  }
  const app = createRoot(mount);
  startTransition(() => {
    app.render(<StrictMode>{page}</StrictMode>);
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
void boot(root);
