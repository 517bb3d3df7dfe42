import { describe, expect, it } from 'vitest';
import { trimText } from '../../../machines/forms/text.ts';

describe('trimText', () => {
  it('takes away spaces and what shows nothing, or a blank, at either end', () => {
    for (const blank of [
      '\u200b\u200b',
      '\u202e\u202e',
      '\u2060\u200b',
      '\u3164\u3164',
      '\u2800\u2800',
      '\u115f\u1160',
      '\uffa0\u034f',
      ' \ufeff\u00a0',
      '\ufe0f',
    ]) {
      expect(trimText(blank), JSON.stringify(blank)).toBe('');
    }
    expect(trimText(' \u200bJo\u200e ')).toBe('Jo');
  });

  it('keeps what shows nothing inside a text, and a joiner that ends a word after a combining mark', () => {
    // Persian: a zero-width non-joiner inside the name.
    expect(trimText('\u0645\u0647\u200c\u0633\u0627')).toBe('\u0645\u0647\u200c\u0633\u0627');
    // A family emoji's joiners, an emoji's variation selector.
    expect(trimText('👨\u200d👩\u200d👧')).toBe('👨\u200d👩\u200d👧');
    expect(trimText('Zoé ❤\ufe0f')).toBe('Zoé ❤');
    // Malayalam's chillu written the older way: a virama then a zero-width joiner.
    const mohan = '\u0d2e\u0d4b\u0d39\u0d28\u0d4d\u200d';
    expect(trimText(mohan)).toBe(mohan);
  });

  it('takes time in proportion to the text: a long paste does not freeze the page', () => {
    const long = `x${' '.repeat(200_000)}x`;
    const started = performance.now();
    expect(trimText(long)).toBe(long);
    expect(trimText(`${' '.repeat(200_000)}x`)).toBe('x');
    expect(performance.now() - started).toBeLessThan(200);
  });
});
