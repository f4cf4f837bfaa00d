import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceStamp, writeStamp } from '../../../scripts/client-stamp.ts';
import { freePort } from '../../support/processes.ts';
import { ensureClientBuild } from '../../support/server.ts';

/**
 * `npm start` as an operator runs it: with a build of the current sources in dist/ it starts the
 * server without building again, and a SIGTERM to npm stops the server (nothing keeps the port).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MANIFEST = path.join(ROOT, 'dist/client/.vite/manifest.json');

const answers = (url: string) =>
  fetch(`${url}/readyz`).then(
    (r) => r.ok,
    () => false,
  );

async function until(check: () => Promise<boolean>, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-start-'));
  let npm: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    ensureClientBuild();
    // The tests' build is of the sources as they are: stamp it as `npm run build` does.
    writeStamp(sourceStamp());
  });

  afterAll(() => {
    if (npm && npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reuses the current client build, and stops the server on SIGTERM', async () => {
    const builtAt = fs.statSync(MANIFEST).mtimeMs;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DEMO: 'off', LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const child = npm;
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
        return answers(url);
      },
      30_000,
      () => `npm start did not become ready:\n${output}`,
    );
    expect(output).toContain('Client build is current; not rebuilding.');
    expect(output).not.toContain('Building the client');
    expect(fs.statSync(MANIFEST).mtimeMs).toBe(builtAt);
    // Without a build a start took seconds more; this one serves pages at once.
    expect(Date.now() - started).toBeLessThan(25_000);
    expect((await fetch(`${url}/`)).status).toBe(200);

    const exited = new Promise<number | null>((r) =>
      child.once('exit', (code) => {
        r(code);
      }),
    );
    child.kill('SIGTERM');
    const code = await exited;
    expect([0, null, 143]).toContain(code);
    // Nothing of the server is left: the port stops answering (an orphaned server would keep it).
    await until(
      async () => !(await answers(url)),
      10_000,
      () => `the server still answers after npm exited:\n${output}`,
    );
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await answers(url)).toBe(false);
    expect(output).toContain('shutting down');
  }, 90_000);
});
