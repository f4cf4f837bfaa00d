import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in push service for the web push tests (RFC 8030): an https server on 127.0.0.1 with a
 * certificate the test process trusts, recording every push it receives and answering the status
 * the test sets. With a device's own keys (`fakeDevice`) a test decrypts what arrived (RFC 8291),
 * as the browser would.
 */

/** A self-signed certificate for 127.0.0.1 (EC P-256, valid to 2126), made once with openssl for these tests. */
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgCsHfgjcYS5CNdOcC
vodYbNf0NVQ3i/CeKLLJXQ6CbUqhRANCAAT5zBGy9PpqtDL092jK6RcdZBv8HBNo
/YIKZA/C3PaX2Nub4BaRc4D9yvHd9wveOludwMHoNR8pXhQthu3wlR+a
-----END PRIVATE KEY-----`;

const CERT = `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUSaRtC8fWcEtkwkaKgGNWELft5b4wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyODE1MzUyMFoYDzIxMjYxMTA0
MTUzNTIwWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAT5zBGy9PpqtDL092jK6RcdZBv8HBNo/YIKZA/C3PaX2Nub4BaRc4D9
yvHd9wveOludwMHoNR8pXhQthu3wlR+ao2QwYjAdBgNVHQ4EFgQULnxKRyHySHjD
oQa0EayiEBMcFv0wHwYDVR0jBBgwFoAULnxKRyHySHjDoQa0EayiEBMcFv0wDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
ICPj0lQ2MA4ggtBlaB+UM3NbhX0Kl7w4mgB+1vmVPC5lAiB/fHYZPHYYspRJcc36
3gTMTbHoSDlPowZyJPwMtu6sYw==
-----END CERTIFICATE-----`;

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  /** The status every push is answered with from now on (201 accepted, 410 gone, ...). */
  answer(status: number): void;
  close(): Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  let status = 201;
  const server = https.createServer({ key: KEY, cert: CERT }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // web-push sends with the default https agent: it trusts this service's certificate too.
  const original = https.globalAgent;
  https.globalAgent = new https.Agent({ ca: CERT });
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (next) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        https.globalAgent = original;
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A browser's push keys: what it sends as its subscription, and what it decrypts with. */
export function fakeDevice(origin: string, name: string) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const subscription = {
    endpoint: `${origin}/push/${name}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
  /** The plaintext of an aes128gcm push body (RFC 8291, RFC 8188), as the browser reads it. */
  function decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const cipher = body.subarray(21 + idLength);
    const secret = ecdh.computeSecret(serverKey);
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(crypto.hkdfSync('sha256', secret, auth, info, 32));
    const key = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(cipher.subarray(cipher.length - 16));
    const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 2, then padding zeros.
    return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
  }
  return { subscription, decrypt };
}
