import en from '../../../public/locales/en/config-error.json' with { type: 'json' };
import fr from '../../../public/locales/fr/config-error.json' with { type: 'json' };

/**
 * Shown instead of the app when its build-time settings are wrong
 * (src/app/env.ts): a visible page, never the endless boot spinner. With wrong
 * settings nothing else can be trusted to start (not the translations over
 * HTTP, not React): the texts are bundled in both languages and the page is
 * built with plain DOM calls, in its own small chunk that shares nothing with
 * the app's. It keeps the club mark of index.html's boot view, drops the
 * spinner and shows both languages, English first. The technical details
 * (which variable, never its value) reach the console only, as the error
 * src/start.tsx rethrows.
 */

type Texts = typeof en;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function block(texts: Texts, heading: 'h1' | 'h2', lang: string): HTMLElement {
  const section = element('section', undefined, {
    lang,
    'aria-labelledby': `config-error-title-${lang}`,
  });
  section.append(
    element(heading, texts.title, { id: `config-error-title-${lang}` }),
    element('p', texts.body, lang === 'en' ? { role: 'alert' } : {}),
    element('p', texts.next),
  );
  return section;
}

/** Replaces the boot spinner in `root` with the bilingual error page. */
export function showConfigError(root: HTMLElement): void {
  const mark = root.querySelector('svg');
  const main = element('main', undefined, { id: 'main', class: 'page page--narrow' });
  if (mark) main.append(mark);
  main.append(block(en, 'h1', 'en'), block(fr, 'h2', 'fr'));
  root.replaceChildren(main);
  document.title = `${en.title} · ${fr.title}`;
}
