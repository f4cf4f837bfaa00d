import type { IViolation } from 'dependency-cruiser';
import { cruiseSource, describeViolation, fileCycles, violations } from './cruise.ts';
import { cycles, serverArea, webFolder } from './graph.ts';
import { anyOptionsUses, queryBuilderFiles } from './source-counts.ts';

/** Everything `npm run check` measures, from one cruise of src. */
export type StructureFigures = {
  /** Server areas (src/server/<area>) that import one another, one list per cycle. */
  serverCycles: string[][];
  webCycles: string[][];
  /** Module-level cycles: a warning for now, the area cycles are the hard rule. */
  fileCycles: string[][];
  queryBuilderFiles: string[];
  anyOptions: Map<string, number>;
  /** Violations of the rules of severity error in .dependency-cruiser.cjs. */
  violations: IViolation[];
};

export async function measureStructure(): Promise<StructureFigures> {
  const result = await cruiseSource();
  return {
    serverCycles: cycles(result, serverArea),
    webCycles: cycles(result, webFolder),
    fileCycles: fileCycles(result),
    queryBuilderFiles: queryBuilderFiles(result),
    anyOptions: anyOptionsUses(result),
    violations: violations(result),
  };
}

/** The imports of a migration other than kysely and the database helpers (rule migrations-frozen). */
export function migrationLeaks(figures: StructureFigures): IViolation[] {
  return figures.violations.filter((v) => v.rule.name === 'migrations-frozen');
}

const count = (groups: string[][]) => groups.reduce((sum, group) => sum + group.length, 0);
const listed = (groups: string[][], separator: string) => (groups.length === 0 ? '' : ` (${groups.map((g) => g.join(separator)).join('; ')})`);
const sum = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/** The report, one figure a line, then what each count is made of. */
export function describeFigures(f: StructureFigures): string[] {
  return [
    `server areas in import cycles: ${count(f.serverCycles)}${listed(f.serverCycles, ' ↔ ')}`,
    `web folders in import cycles: ${count(f.webCycles)}${listed(f.webCycles, ' ↔ ')}`,
    `file-level import cycles (warning): ${f.fileCycles.length}${listed(f.fileCycles, ' → ')}`,
    `files using the query builder outside *.repo.ts and src/server/db: ${f.queryBuilderFiles.length}`,
    `resource options typed AnyOptions: ${sum(f.anyOptions)} (in ${f.anyOptions.size} files)`,
    `dependency rule violations: ${f.violations.length}`,
    ...f.violations.map((v) => `  ${describeViolation(v)}`),
  ];
}

/** Why the check fails, if it does: cycles between areas or folders, rule violations of severity error. */
export function failures(f: StructureFigures): string[] {
  const reasons: string[] = [];
  if (f.serverCycles.length > 0) reasons.push('server areas import one another');
  if (f.webCycles.length > 0) reasons.push('web folders import one another');
  if (f.violations.length > 0) reasons.push('dependency rules are broken');
  return reasons;
}
