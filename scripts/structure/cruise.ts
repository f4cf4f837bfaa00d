import path from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The repository root: every path in a cruise result is relative to it (src/server/app.ts). */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The import graph of src with the rules of .dependency-cruiser.cjs checked by dependency-cruiser
 * itself. Its options drop type-only imports: they are erased before the code runs.
 */
export async function cruiseSource(): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfigFile = path.join(ROOT, 'tsconfig.json');
  // Absolute paths, so the check runs from any working directory (a test runner's, a bench's).
  const rootedOptions = { ...options, baseDir: ROOT, tsConfig: { fileName: tsConfigFile } };
  const { output } = await cruise(['src'], rootedOptions, undefined, { tsConfig: extractTSConfig(tsConfigFile) });
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a cruise result');
  return output;
}

/** The violations of rules of severity error, or of one rule; warnings (file-level cycles) apart. */
export function violations(result: ICruiseResult, rule?: string): IViolation[] {
  return result.summary.violations.filter((v) => (rule === undefined ? v.rule.severity === 'error' : v.rule.name === rule));
}

/** The file-level cycles (rule no-circular), each as its modules in import order. */
export function fileCycles(result: ICruiseResult): string[][] {
  return violations(result, 'no-circular').map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)]);
}

export function describeViolation(v: IViolation): string {
  return `${v.rule.name}: ${v.from} → ${v.to}`;
}
