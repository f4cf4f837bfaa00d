import type { SessionChallenge } from '../../shared/contracts/telemetry.ts';
import { hasLeadingZeroBits } from '../../shared/proof-of-work.ts';
import { apiFetch, postForm, readJson, sendForm } from '../api/http.ts';

/** Spec section 9: the fingerprint goes 300 ms after load. */
export const FINGERPRINT_DELAY_MS = 300;
/** Session verification waits for the page to settle, then has the spec's 8000 ms to solve its challenge. */
export const VERIFY_DELAY_MS = 3_000;
export const CHALLENGE_TIMEOUT_MS = 8_000;
/** Spec section 8: what a failed challenge reports. */
export const CHALLENGE_FAILURE = 'Error loading reCAPTCHA Enterprise';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A hash of what the browser tells every site anyway: no stored id, nothing readable back. */
export async function browserFingerprint(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    String(navigator.hardwareConcurrency),
    `${String(screen.width)}x${String(screen.height)}x${String(screen.colorDepth)}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ];
  return sha256Hex(traits.join('\n'));
}

/**
 * Runs `send` now, or once the browser is back online: a request made offline can only fail, and
 * the browser reports each such failure in the console. Returns what cancels the wait.
 */
export function whenOnline(send: () => void): () => void {
  if (navigator.onLine) {
    send();
    return () => undefined;
  }
  window.addEventListener('online', send, { once: true });
  return () => {
    window.removeEventListener('online', send);
  };
}

/** POST /v3/spam/fingerprints/; a failure only counts (spec section 8). */
export async function sendFingerprint(): Promise<void> {
  await postForm('/v3/spam/fingerprints/', { fingerprint: await browserFingerprint() });
}

/** Finds the nonce of a proof-of-work challenge, in slices so the page stays responsive. */
export async function solveChallenge(challenge: SessionChallenge, deadline: number): Promise<string> {
  const encoder = new TextEncoder();
  for (let nonce = 0; ; nonce += 1) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.challenge}.${String(nonce)}`)));
    if (hasLeadingZeroBits(digest, challenge.bits)) return `${challenge.challenge}.${String(nonce)}`;
    if (Date.now() > deadline) throw new Error(CHALLENGE_FAILURE);
  }
}

/** The self-hosted challenge in place of reCAPTCHA: fetched, solved, sent as recaptcha_token. */
export async function verifySession(): Promise<void> {
  const deadline = Date.now() + CHALLENGE_TIMEOUT_MS;
  const response = await apiFetch('/v3/sessions/challenge/');
  const body = (await readJson(response)) as { data?: SessionChallenge } | null;
  if (!response.ok || !body?.data) throw new Error(CHALLENGE_FAILURE);
  await sendForm('PUT', '/v3/sessions/verify/', { recaptcha_token: await solveChallenge(body.data, deadline) });
}
