import { createHttpClient } from '../tests/support/http-client.ts';

/** Signs a new member up over HTTP and returns the headers that carry the session. */
export async function signUp(origin: string): Promise<{ headers: Record<string, string> }> {
  const client = createHttpClient(origin);
  await client.signUp(`bench-${Date.now()}@example.com`);
  return { headers: client.headers() };
}
