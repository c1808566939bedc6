import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    /** axe-core, once {@link scanPage} has injected it. */
    axe?: typeof Axe;
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rules the console is held to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One rule that failed on one page: where, which rule, how bad, and the elements at fault. */
export interface Violation {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is now (injected once per document) and answers the violations
 * of {@link WCAG_TAGS} whose impact is critical or serious, labelled with `where`.
 */
export async function scanPage(page: Page, where: string): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the console's CSP refuses inline scripts.
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeSource);
  const found = await page.evaluate(async (tags) => {
    const axe = window.axe!;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, WCAG_TAGS);
  return found
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({ page: where, ...v }));
}

/** One line per violation, for a test's failure message. */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.rule} on ${v.page}: ${v.targets.slice(0, 5).join(', ')}`)
    .join('\n');
}
