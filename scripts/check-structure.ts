import { describeFigures, failures, measureStructure } from './structure/figures.ts';

/*
 * The structure check (`npm run check`): cycles between server areas and between web folders,
 * the dependency rules of .dependency-cruiser.cjs, and how far database access and resource
 * options are from where they belong. Exits 1 on a cycle or a rule violation of severity error.
 */

export { measureStructure, describeFigures, failures, migrationLeaks, type StructureFigures } from './structure/figures.ts';
export { cycles, serverArea, webFolder, stronglyConnected, groupGraph } from './structure/graph.ts';
export { anyOptionsUses, queryBuilderFiles } from './structure/source-counts.ts';

if (import.meta.main) {
  const started = performance.now();
  const figures = await measureStructure();
  for (const line of describeFigures(figures)) process.stdout.write(`${line}\n`);
  process.stdout.write(`checked in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const reasons = failures(figures);
  if (reasons.length > 0) {
    console.error(`structure check failed: ${reasons.join('; ')}`);
    process.exitCode = 1;
  }
}
