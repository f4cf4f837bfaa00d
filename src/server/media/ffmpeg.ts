import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * ffmpeg and ffprobe as child processes with time limits. The binaries come from the registry
 * packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe (so `npm install` is all a
 * machine needs); when a platform has no such package, the ones on the PATH are used
 * (docs/decisions/0008-media-pipeline.md).
 */
export type ToolName = 'ffmpeg' | 'ffprobe';

const PACKAGES: Record<ToolName, string> = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };

/**
 * The binaries a server runs (Deps.mediaTools, made by createServer): the installer packages' or
 * the PATH's. A test points one at a missing file to see a server without it.
 */
export type MediaTools = Record<ToolName, string>;

/** The installer package's binary, else the name (found on the PATH). Node's module cache makes a repeat cheap. */
export function toolPath(tool: ToolName): string {
  try {
    // The installer packages throw (a string) when their platform's binary is missing.
    return (createRequire(import.meta.url)(PACKAGES[tool]) as { path: string }).path;
  } catch {
    // A missing binary then shows as a clear failure when it is run.
    return tool;
  }
}

export function findMediaTools(): MediaTools {
  return { ffmpeg: toolPath('ffmpeg'), ffprobe: toolPath('ffprobe') };
}

export type ToolFailure = 'missing' | 'timeout' | 'failed';

export class ToolError extends Error {
  readonly failure: ToolFailure;
  constructor(failure: ToolFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

const MAX_STDOUT = 4 * 1024 * 1024;
const STDERR_TAIL = 4096;

/** Runs a tool to completion; SIGKILL after `timeoutMs`. Resolves its standard output. */
export function runTool(tool: ToolName, args: string[], timeoutMs: number, tools: MediaTools = findMediaTools()): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tools[tool], args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_STDOUT) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ToolError('missing', `${tool} could not be started (${error.code ?? error.message})`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) reject(new ToolError('timeout', `${tool} did not finish within ${timeoutMs} ms`));
      else if (code === 0) resolve(stdout);
      else reject(new ToolError('failed', `${tool} exited with ${code ?? signal ?? 'nothing'}: ${stderr.trim()}`));
    });
  });
}
