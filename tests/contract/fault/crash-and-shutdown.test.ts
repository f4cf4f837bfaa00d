import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../support/http-client.ts';
import { startNode, type NodeProcess } from '../../support/processes.ts';

/**
 * Acknowledged writes survive `kill -9`, and SIGTERM drains: sign-ups run against a real server process on SQLite,
 * the process is killed mid-stream, and every sign-up it had answered 200 to can log in after
 * a restart on the same data folder.
 */
describe('a server process on SQLite, killed or stopped', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-fault-'));
  // Each sign-up comes from its own address (through a trusted proxy) so the rate limit stays out of the way.
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'error', DEMO: 'off', TRUST_PROXY: 'true' };
  let node: NodeProcess | undefined;

  afterAll(async () => {
    await node?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged account', async () => {
    node = await startNode(env);
    const url = node.url;
    const acknowledged: string[] = [];
    let stop = false;
    const signUpLoop = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        const email = `fault-${lane}-${i}@example.com`;
        const client = createHttpClient(url, { 'x-forwarded-for': `10.1.${lane}.${i % 250}` });
        try {
          await client.get('/healthz');
          const response = await client.post('/v3/register/email/handshake/', { email, password: 'survives a crash', birthday: '1990-01-01' });
          if (response.status === 200) acknowledged.push(email);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(signUpLoop);
    while (acknowledged.length < 20) await new Promise((r) => setTimeout(r, 20));
    node.child.kill('SIGKILL');
    stop = true;
    await Promise.all(lanes);
    const killed = node.child;
    if (killed.exitCode === null && killed.signalCode === null) await new Promise((r) => killed.once('exit', r));

    node = await startNode(env);
    const restarted = node.url;
    for (const email of acknowledged) {
      const client = createHttpClient(restarted);
      await client.get('/healthz');
      const login = await client.post('/v3/login/handshake/', { username_or_email: email, password: 'survives a crash' });
      expect(login.status, email).toBe(200);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
  });

  it('drains on SIGTERM: answers the request in flight, then exits 0', async () => {
    const graceful = await startNode({ ...env, DATA_DIR: path.join(dataDir, 'graceful') });
    const client = createHttpClient(graceful.url, { 'x-forwarded-for': '10.9.9.9' });
    await client.get('/healthz');
    // argon2 hashing keeps a sign-up in flight long enough for the signal to land during it.
    const inFlight = client.post('/v3/register/email/handshake/', { email: 'drain@example.com', password: 'finish me first', birthday: '1990-01-01' });
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((r) =>
      graceful.child.once('exit', (code) => {
        r(code);
      }),
    );
    graceful.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
