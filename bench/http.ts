import autocannon from 'autocannon';

export type Throughput = { requestsPerSecond: number; non2xx: number };

/** Runs `measure` once, briefly, and throws the result away: the first seconds of a route are JIT warm-up. */
export async function warmUp(url: string, headers: Record<string, string> = {}): Promise<void> {
  await measure(url, headers, 1);
}

/** Requests per second of one URL over `seconds`, from this process, with keep-alive connections. */
export async function measure(url: string, headers: Record<string, string> = {}, seconds = 5): Promise<Throughput> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, pipelining: 1 });
  return { requestsPerSecond: result.requests.average, non2xx: result.non2xx };
}

export function formatRatio(name: string, subject: Throughput, baseline: Throughput, target: string): string {
  const ratio = subject.requestsPerSecond / baseline.requestsPerSecond;
  const errors = subject.non2xx + baseline.non2xx > 0 ? ` (non-2xx: ${subject.non2xx + baseline.non2xx})` : '';
  return `${name}: ${subject.requestsPerSecond.toFixed(0)} req/s vs baseline ${baseline.requestsPerSecond.toFixed(0)} req/s = ratio ${ratio.toFixed(2)} (target ${target})${errors}`;
}
