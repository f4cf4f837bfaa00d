import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it stands. The page's context needs
 * `bypassCSP`, since our CSP rightly refuses the injected script.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * Collects layout shifts from the first paint on; call before navigating. The returned function
 * lists each shift with its score and what moved, so `expect(await layoutShifts()).toEqual([])`
 * fails with the cause in its message.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (globalThis as unknown as { __layoutShifts: string[] }).__layoutShifts = shifts;
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const describe = ({ node, previousRect: a, currentRect: b }: Source): string => {
      const name = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
      return `${name} (${a.x},${a.y},${a.width}x${a.height} → ${b.x},${b.y},${b.width}x${b.height})`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${entry.sources.map(describe).join('; ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (globalThis as unknown as { __layoutShifts: string[] }).__layoutShifts);
}
