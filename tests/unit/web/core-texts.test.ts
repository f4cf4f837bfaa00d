import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../../src/web');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const core = read(path.join(WEB, 'i18n/locales/en_US.json'));
const pages = read(path.join(WEB, 'i18n/locales/pages/en_US.json'));

/** Every source file the home page's first load runs: the static imports from the entry and the home routes. */
function firstLoadSources(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.tsx?$/.test(file)) return;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    // Static imports only: `import type` carries no code, and `import()` loads later.
    for (const match of source.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      visit(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  };
  for (const entry of ['entry-client.tsx', 'routes/index.tsx', 'routes/homefeed.tsx']) visit(path.join(WEB, entry));
  return [...seen];
}

describe('the core texts are those of the first load', () => {
  it('has in the core catalogue every key the shell and the home page use', () => {
    const code = firstLoadSources()
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const used = Object.keys(pages).filter((key) => code.includes(`'${key}'`) || code.includes(`"${key}"`));
    expect(used).toEqual([]);
  });

  it('walks the real first load (the header and the home page are in it)', () => {
    const files = firstLoadSources().map((file) => path.relative(WEB, file));
    expect(files).toContain('shell/Header.tsx');
    expect(files).toContain('home/HomePage.tsx');
    expect(Object.keys(core).length).toBeGreaterThan(20);
  });
});
