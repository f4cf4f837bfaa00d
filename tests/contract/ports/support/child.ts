import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { waitFor } from './wait.ts';

export type Child = {
  /** Lines the child printed so far. */
  lines: string[];
  waitForLines(count: number): Promise<void>;
  /** SIGKILL, as a crash or a power cut would end it; resolves once it is gone. */
  kill(): Promise<void>;
};

/** Runs a script of this folder in its own Node process (TypeScript runs as is on Node 24). */
export function spawnScript(script: string, args: string[]): Child {
  const file = fileURLToPath(new URL(script, import.meta.url));
  const child = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    buffered += text;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  return {
    lines,
    async waitForLines(count) {
      await waitFor(`${String(count)} lines from ${script}`, () => {
        if (child.exitCode !== null) throw new Error(`${script} exited early: ${stderr}`);
        return lines.length >= count;
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
