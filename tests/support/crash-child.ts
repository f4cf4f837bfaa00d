import { spawn } from 'node:child_process';
import { expect } from 'vitest';

/**
 * Runs a fault test's child script, which does its writes, prints what it made as one JSON line
 * and kills itself with SIGKILL at the moment under test. Answers what it printed; fails when the
 * child ended any other way (its stderr is the message).
 */
export async function runUntilKilled<T>(script: string, env: Record<string, string>): Promise<T> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, killed) => {
      resolve(killed);
    }),
  );
  expect(signal, errors).toBe('SIGKILL');
  return JSON.parse(output.trim()) as T;
}

/**
 * Runs a fault test's child script, which prints a line for each change it has made durably, and
 * kills it with SIGKILL once `after` lines match `acknowledgement`. Answers every whole line it
 * printed (a line cut by the kill is no acknowledgment); fails when the child ended any other way.
 */
export async function killAfterAcknowledged(script: string, env: Record<string, string>, acknowledgement: RegExp, after: number): Promise<string[]> {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const acknowledged = output.split('\n').filter((line) => acknowledgement.test(line)).length;
    if (acknowledged >= after && child.exitCode === null) child.kill('SIGKILL');
  });
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, killed) => {
      resolve(killed);
    }),
  );
  expect(signal, `${errors}\n${output.slice(-500)}`).toBe('SIGKILL');
  return output.split('\n').slice(0, -1);
}
