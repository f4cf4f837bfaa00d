/**
 * A browser-like client over real HTTP: keeps cookies, sends the CSRF header, speaks the
 * form-encoded v3 calls and the resource protocol.
 */
export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(origin: string, extraHeaders: Record<string, string> = {}) {
  const jar = new Map<string, string>();

  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    }
    return response;
  };

  const headers = (): Record<string, string> => ({
    ...extraHeaders,
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrftoken': jar.get('csrftoken') ?? '',
  });

  const get = async (path: string) => remember(await fetch(`${origin}${path}`, { headers: headers(), redirect: 'manual' }));

  const post = async (path: string, form: Record<string, string>) =>
    remember(
      await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
        redirect: 'manual',
      }),
    );

  /** A multipart upload (the browser sets the boundary). */
  const upload = async (path: string, form: FormData) =>
    remember(await fetch(`${origin}${path}`, { method: 'POST', headers: headers(), body: form, redirect: 'manual' }));

  const resource = (name: string, verb: 'create' | 'update' | 'delete', options: Record<string, unknown>) =>
    post(`/resource/${name}/${verb}/`, { data: JSON.stringify({ options, context: {} }) });

  /** Sign-up handshake, then the session: the calls the web client makes. */
  const signUp = async (email: string, password = 'correct horse battery staple') => {
    if (!jar.has('csrftoken')) await get('/healthz');
    const registered = await post('/v3/register/email/handshake/', {
      email,
      password,
      first_name: 'Test',
      birthday: '1990-01-01',
      country: 'US',
      locale: 'en_US',
    });
    if (!registered.ok) throw new Error(`sign-up failed: HTTP ${registered.status} ${await registered.text()}`);
    const { data: token } = (await registered.json()) as { data: string };
    const session = await resource('HandshakeSessionResource', 'create', { token, isRegistration: true });
    if (!session.ok) throw new Error(`session failed: HTTP ${session.status} ${await session.text()}`);
  };

  return { jar, headers, get, post, upload, resource, signUp };
}
