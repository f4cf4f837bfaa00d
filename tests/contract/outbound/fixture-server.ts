import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FixtureRoute = (request: IncomingMessage, response: ServerResponse) => void;

export type FixtureServer = {
  origin: string;
  port: number;
  /** The paths requested so far, in order. */
  hits: string[];
  url(path: string): string;
  /** Adds or replaces a route (by path, without the query). */
  route(path: string, handler: FixtureRoute): void;
  close(): Promise<void>;
};

/**
 * A small web site on 127.0.0.1 for the outbound fetcher to visit: routes by path, a record of
 * every request, and a close that also ends connections a test left hanging on purpose.
 */
export async function startFixtureServer(routes: Record<string, FixtureRoute> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.push(request.url ?? '/');
    const handler = table.get(path);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    hits,
    url: (path) => `${origin}${path}`,
    route: (path, handler) => table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

export const html =
  (body: string, headers: Record<string, string> = {}): FixtureRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };

export const bytes =
  (body: Buffer, contentType: string): FixtureRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length) }).end(body);
  };

export const redirect =
  (location: string, status = 302): FixtureRoute =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

/** Announces `declared` bytes, sends the first `sent` of them, then drops the connection. */
export const cutOff =
  (body: Buffer, contentType: string, sent: number): FixtureRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': String(body.length) });
    response.write(body.subarray(0, sent), () => {
      setTimeout(() => response.socket?.destroy(), 20);
    });
  };

/** A photo-like JPEG made with sharp, so no fixture file needs to be kept. */
export async function photoJpeg(width = 320, height = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e67e22"/><circle cx="${width / 2}" cy="${height / 2}" r="${width / 3}" fill="#2c3e50"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
