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
}

export async function expectNoAxeViolations(
  page: Page,
  {
    impact = ['serious', 'critical'],
    exclude = [],
    disableRules = [],
    include,
  }: AxeCheckOptions = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([...AXE_TAGS]);
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
