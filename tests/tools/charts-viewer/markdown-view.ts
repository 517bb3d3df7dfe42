/**
 * Shows a path script (docs/charts/<machine>.paths.md) in the viewer: the
 * little Markdown such a file uses (headings, numbered and bulleted lists,
 * paragraphs, fenced blocks, `code`, **bold**, *emphasis*, [links](…)),
 * built as DOM nodes, never as HTML text, so nothing in a file can run.
 */

function inline(text: string, into: HTMLElement): void {
  const pattern = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*|\[[^\]]+\]\([^)\s]+\))/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const token = match[0];
    const at = match.index ?? 0;
    if (at > last) into.append(text.slice(last, at));
    if (token.startsWith('`')) {
      const code = document.createElement('code');
      code.textContent = token.slice(1, -1);
      into.append(code);
    } else if (token.startsWith('**')) {
      const strong = document.createElement('strong');
      inline(token.slice(2, -2), strong);
      into.append(strong);
    } else if (token.startsWith('*')) {
      const em = document.createElement('em');
      inline(token.slice(1, -1), em);
      into.append(em);
    } else {
      const [, label = '', href = ''] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token) ?? [];
      const anchor = document.createElement('a');
      // Only local addresses: relative paths and anchors.
      anchor.href = /^[a-z][a-z0-9+.-]*:/i.test(href) ? '#' : href;
      inline(label, anchor);
      into.append(anchor);
    }
    last = at + token.length;
  }
  if (last < text.length) into.append(text.slice(last));
}

export function renderMarkdown(source: string): DocumentFragment {
  const out = document.createDocumentFragment();
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let list: HTMLOListElement | HTMLUListElement | null = null;
  let paragraph: HTMLParagraphElement | null = null;
  let fence: HTMLPreElement | null = null;

  const close = () => {
    list = null;
    paragraph = null;
  };

  for (const line of lines) {
    if (fence) {
      if (line.startsWith('```')) fence = null;
      else fence.textContent += `${line}\n`;
      continue;
    }
    if (line.startsWith('```')) {
      close();
      fence = document.createElement('pre');
      fence.textContent = '';
      out.append(fence);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const ordered = /^\s*(\d+)[.)]\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (heading) {
      close();
      const level = Math.min((heading[1] ?? '#').length + 1, 6);
      const element = document.createElement(`h${level}`);
      const body = heading[2] ?? '';
      // `## path-id — title` headings become anchors: #path-id.
      const id = /^([a-z][\w-]*)\b/i.exec(body)?.[1];
      if (id) element.id = id;
      inline(body, element);
      out.append(element);
    } else if (ordered || bullet) {
      paragraph = null;
      const tag = ordered ? 'ol' : 'ul';
      if (!list || list.tagName.toLowerCase() !== tag) {
        list = document.createElement(tag);
        out.append(list);
      }
      const item = document.createElement('li');
      inline((ordered ? ordered[2] : bullet?.[1]) ?? '', item);
      list.append(item);
    } else if (line.trim() === '') {
      close();
    } else if (paragraph) {
      paragraph.append(' ');
      inline(line.trim(), paragraph);
    } else {
      list = null;
      paragraph = document.createElement('p');
      inline(line.trim(), paragraph);
      out.append(paragraph);
    }
  }
  return out;
}
