/**
 * The page shown instead of the app when it cannot start: a visible page,
 * never the endless boot spinner. Then nothing else can be trusted to start
 * (not the translations over HTTP, not React): the texts come bundled in both
 * languages and the page is built with plain DOM calls. It keeps the club mark
 * of index.html's boot view, drops the spinner and shows both languages,
 * English first. Two causes use it: wrong build-time settings
 * (config-error-screen.ts) and the app's files not arriving
 * (load-error-screen.ts).
 */

export interface StartErrorTexts {
  title: string;
  body: string;
  /** What to do now, when the page says more. */
  next?: string;
  /** The button's text, when the page offers one. */
  action?: string;
}

export interface StartErrorPage {
  /** Prefix of the element ids. */
  id: string;
  texts: { en: StartErrorTexts; fr: StartErrorTexts };
  /** What the button does (with `texts.*.action`). */
  onAction?: () => void;
}

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

function block(page: StartErrorPage, lang: 'en' | 'fr', heading: 'h1' | 'h2'): HTMLElement {
  const texts = page.texts[lang];
  const titleId = `${page.id}-title-${lang}`;
  const section = element('section', undefined, { lang, 'aria-labelledby': titleId });
  section.append(
    element(heading, texts.title, { id: titleId }),
    element('p', texts.body, lang === 'en' ? { role: 'alert' } : {}),
  );
  if (texts.next) section.append(element('p', texts.next));
  if (texts.action && page.onAction) {
    const button = element('button', texts.action, {
      type: 'button',
      class: 'button button--primary',
    });
    button.addEventListener('click', page.onAction);
    const line = element('p');
    line.append(button);
    section.append(line);
  }
  return section;
}

/** Replaces the boot spinner in `root` with the bilingual page. */
export function showStartError(root: HTMLElement, page: StartErrorPage): void {
  const mark = root.querySelector('svg');
  const main = element('main', undefined, { id: 'main', class: 'page page--narrow' });
  if (mark) main.append(mark);
  main.append(block(page, 'en', 'h1'), block(page, 'fr', 'h2'));
  root.replaceChildren(main);
  document.title = `${page.texts.en.title} · ${page.texts.fr.title}`;
}
