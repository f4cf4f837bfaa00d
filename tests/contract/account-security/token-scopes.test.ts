import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPE_CHOICES } from '../../../src/shared/contracts/account-security.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

type Body<T> = { resource_response: { data: T } };
type Made = { token: string; scopes: string[] };

/**
 * The README's curl examples with a token made as the access-token screen makes it (the
 * PersonalAccessTokenResource with the checked scopes): boards:write creates a board through /v5,
 * a token without it is refused with 403 and nothing is made.
 */
describe.each(databaseKinds)('access tokens with chosen scopes on %s', (kind) => {
  let t: TestApp;
  let browser: TestClient;
  beforeAll(async () => {
    t = await startTestApp(kind);
    browser = t.client('10.19.3.1');
    await browser.signUp('scopes-readme@example.com');
  });
  afterAll(async () => t.close());

  const tokenWith = async (scopes: readonly string[]) => {
    const made = await browser.resource('PersonalAccessTokenResource', 'create', { name: `${scopes.length} scopes`, scopes });
    expect(made.statusCode).toBe(200);
    return made.json<Body<Made>>().resource_response.data;
  };
  const createBoard = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v5/boards',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const boardCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('boards')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('every scope the form offers is one a /v5 route asks for, and is accepted', async () => {
    const made = await tokenWith(TOKEN_SCOPE_CHOICES);
    expect(made.scopes).toEqual([...TOKEN_SCOPE_CHOICES].sort());
  });

  it('a token with boards:write creates a board through /v5 and lists it', async () => {
    const { token } = await tokenWith(['boards:read', 'boards:write']);
    const created = await createBoard(token, { name: 'Summer recipes' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Summer recipes', privacy: 'PUBLIC' });
    const listed = await t.app.inject({ method: 'GET', url: '/v5/boards?page_size=50', headers: { authorization: `Bearer ${token}` } });
    expect(listed.json<{ items: { name: string }[] }>().items.map((b) => b.name)).toContain('Summer recipes');
  });

  it("the README's secret board needs boards:write_secret as well", async () => {
    const readme = { name: 'Summer secrets', privacy: 'SECRET' };
    const before = await boardCount();
    const narrow = await tokenWith(['boards:write']);
    expect((await createBoard(narrow.token, readme)).statusCode).toBe(403);
    expect(await boardCount()).toBe(before);
    const wide = await tokenWith(['boards:read', 'boards:write', 'boards:write_secret', 'boards:read_secret']);
    const made = await createBoard(wide.token, readme);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ privacy: 'SECRET' });
  });

  it('the default read scopes cannot create a board: 403 naming boards:write, nothing made', async () => {
    const { token, scopes } = await tokenWith(['boards:read', 'pins:read', 'user_accounts:read']);
    expect(scopes).not.toContain('boards:write');
    const before = await boardCount();
    const refused = await createBoard(token, { name: 'Not allowed' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('boards:write');
    expect(await boardCount()).toBe(before);
  });
});
