/**
 * Accessibility check with axe-core against WCAG 2.0/2.1 A and AA and WCAG 2.2 AA.
 * The page must come from a browser context (the @playwright/test `page`
 * fixture does; a page from `browser.newPage()` does not work with AxeBuilder).
 *
 *   await expectNoAxeViolations(page);                          // serious + critical
 *   await expectNoAxeViolations(page, { impact: ['moderate', 'serious', 'critical'] });
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface AxeCheckOptions {
  /** Impacts that fail the check; default serious and critical. */
  impact?: readonly AxeImpact[];
  /** CSS selectors left out of the scan (e.g. a third-party iframe). */
  exclude?: readonly string[];
  /** Rule ids switched off, each with a reason in the calling test. */
  disableRules?: readonly string[];
  /** Restricts the scan to this selector. */
  include?: string;
  /** Runs only these rules (best-practice ones included) instead of the WCAG tags. */
  rules?: readonly string[];
}

export async function expectNoAxeViolations(
  page: Page,
  {
    impact = ['serious', 'critical'],
    exclude = [],
    disableRules = [],
    include,
    rules,
  }: AxeCheckOptions = {},
): Promise<void> {
  // Legacy mode runs axe in the page itself, with every frame injected first.
  // The default mode also opens a blank page to merge the frames' results,
  // injecting axe twice: about 0.9 s a scan instead of 0.3 s, on some sixty
  // scans. What legacy mode cannot reach is a cross-origin frame (Stripe's
  // fields), which the offline test provider these tests run never has.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  builder = rules ? builder.withRules([...rules]) : builder.withTags([...AXE_TAGS]);
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  if (disableRules.length > 0) builder = builder.disableRules([...disableRules]);
  const results = await builder.analyze();

  const failing = results.violations.filter(
    (violation) => violation.impact != null && impact.includes(violation.impact),
  );
  const report = failing.map((violation) => {
    const targets = violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `    ${node.target.join(' ')}${node.failureSummary ? `: ${oneLine(node.failureSummary)}` : ''}`,
      );
    const more = violation.nodes.length > 5 ? [`    … and ${violation.nodes.length - 5} more`] : [];
    return [
      `- ${violation.id} (${violation.impact}): ${violation.help}`,
      `  ${violation.helpUrl}`,
      ...targets,
      ...more,
    ].join('\n');
  });
  expect(
    failing.length,
    `axe found ${failing.length} ${impact.join('/')} violation(s) on ${page.url()}:\n${report.join('\n')}`,
  ).toBe(0);
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();
