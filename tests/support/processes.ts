import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export type NodeProcess = { url: string; child: ChildProcess; output: () => string; stop(): Promise<void> };

/** Starts `node src/server/main.ts` as a real process and waits until /readyz answers 200. */
export async function startNode(env: Record<string, string>): Promise<NodeProcess> {
  const port = await freePort();
  const main = path.resolve('src/server/main.ts');
  const child = spawn(process.execPath, [main], {
    // A lagging loop is ordinary for test processes sharing two cores, so admission control is off
    // unless a test sets it (its own tests: admission.test.ts).
    env: { ...process.env, CHECK_ANSWERS: 'true', ADMISSION_MAX_EVENT_LOOP_DELAY_MS: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Node exited early:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`Node did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
