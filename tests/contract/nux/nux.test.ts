import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NuxInterest, NuxState } from '../../../src/shared/contracts/nux.ts';
import type { HomePinJson } from '../../../src/shared/contracts/feeds.ts';
import { findUserById } from '../../../src/server/users/users.repo.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { ensureClientBuild } from '../../support/server.ts';
import { makeTopicWorld } from '../../support/topic-world.ts';
import { failed, ok } from '../boards/helpers.ts';

const TOPICS = ['Sourdough', 'Origami', 'Kayaking', 'Ceramics', 'Terrariums'];

/** Onboarding through the resource protocol and the page routes, on each database. */
describe.each(databaseKinds)('onboarding (NUX) on %s', (kind) => {
  let t: TestApp;
  const topicIds = new Map<string, string>();
  let emails = 0;

  beforeAll(async () => {
    ensureClientBuild();
    t = await startTestApp(kind, { worker: false });
    for (const [name, id] of await makeTopicWorld(t.deps, TOPICS, 8)) topicIds.set(name, id);
  });
  afterAll(async () => {
    await t.close();
  });

  const idOf = (name: string) => topicIds.get(name) ?? '';
  const state = async (browser: TestClient) => ok<NuxState>(await browser.getResource('NuxResource'));
  const answer = (browser: TestClient, options: Record<string, unknown>) => browser.resource('NuxResource', 'update', options);
  const newMember = async () => {
    const browser = t.client();
    emails += 1;
    await browser.signUp(`nux${emails}-${kind}@example.com`);
    return browser;
  };
  const followed = async (browser: TestClient) => (await state(browser)).interest_ids.toSorted();

  it('sign-up sends the new member into onboarding at "welcome"; home redirects there until it is done', async () => {
    const browser = await newMember();
    expect(await state(browser)).toMatchObject({ step: 'welcome', completed: false, interest_ids: [] });
    const home = await browser.get('/');
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/nux/');
    expect((await browser.get('/nux/')).statusCode).toBe(200);
  });

  it('the collage: topics of the instance, each with a real pin picture', async () => {
    const browser = await newMember();
    const collage = ok<NuxInterest[]>(await browser.getResource('NuxInterestsResource'));
    expect(collage.map((c) => c.name).toSorted()).toEqual(TOPICS.toSorted());
    for (const interest of collage) expect(interest.image_url).toMatch(/\/media\/img\//);
  });

  it('bad input is a 400 with a clear message and changes nothing; steps cannot be skipped', async () => {
    const browser = await newMember();
    failed(await answer(browser, { step: 'interests', interest_ids: [idOf('Origami'), idOf('Ceramics'), idOf('Kayaking')] }), 409);
    ok(await answer(browser, { step: 'welcome' }));
    const bad: [Record<string, unknown>, string][] = [
      [{ step: 'interests', interest_ids: [idOf('Origami'), idOf('Ceramics')] }, 'interest_ids: Please pick at least 3 interests.'],
      [{ step: 'interests', interest_ids: [idOf('Origami'), idOf('Origami'), idOf('Ceramics')] }, 'Each interest once, please.'],
      [{ step: 'interests', interest_ids: [idOf('Origami'), idOf('Ceramics'), '99999999'] }, 'interest_ids: Unknown interest.'],
      [{ step: 'interests', interest_ids: 'all' }, ''],
      [{ step: 'finish' }, 'Unknown onboarding step.'],
      [{}, ''],
    ];
    for (const [options, message] of bad) {
      const response = await answer(browser, options);
      failed(response, 400);
      if (message) expect(response.body).toContain(message);
    }
    expect(await state(browser)).toMatchObject({ step: 'interests', completed: false, interest_ids: [] });
    failed(await answer(browser, { step: 'gender', gender: 'female' }), 409);
  });

  it('each step saves and moves on; the last one finishes onboarding for good', async () => {
    const browser = await newMember();
    ok(await answer(browser, { step: 'welcome' }));
    const chosen = ['Sourdough', 'Origami', 'Kayaking'].map(idOf);
    expect(ok<NuxState>(await answer(browser, { step: 'interests', interest_ids: chosen })).step).toBe('country_language');
    expect(await followed(browser)).toEqual(chosen.toSorted());
    // Back to the interests: the new choice replaces the old one.
    const again = ['Sourdough', 'Ceramics', 'Terrariums'].map(idOf);
    ok(await answer(browser, { step: 'interests', interest_ids: again }));
    expect(await followed(browser)).toEqual(again.toSorted());
    failed(await answer(browser, { step: 'country_language', country: 'ZZ', locale: 'de' }), 400);
    ok(await answer(browser, { step: 'country_language', country: 'DE', locale: 'de' }));
    const done = ok<NuxState>(await answer(browser, { step: 'gender', gender: null }));
    expect(done).toMatchObject({ completed: true, country: 'DE', locale: 'de', gender: null });
    expect((await browser.get('/')).statusCode).toBe(200);
    expect((await browser.get('/nux/')).headers.location).toBe('/');
    failed(await answer(browser, { step: 'welcome' }), 409);
  });

  it('the first home feed after onboarding is made of the chosen interests', async () => {
    const browser = await newMember();
    const chosen = ['Sourdough', 'Origami', 'Kayaking'];
    ok(await answer(browser, { step: 'welcome' }));
    ok(await answer(browser, { step: 'interests', interest_ids: chosen.map(idOf) }));
    ok(await answer(browser, { step: 'country_language', country: 'US', locale: 'en_US' }));
    ok(await answer(browser, { step: 'gender', gender: 'custom', custom_gender: 'Nonbinary' }));
    const pins = ok<HomePinJson[]>(await browser.getResource('UserHomefeedResource'));
    // Every pin of the chosen topics (8 each) first; popular pins only once they ran dry.
    const picked = pins.slice(0, 3 * 8);
    expect(picked).toHaveLength(24);
    for (const pin of picked) {
      expect(pin.recommendation_reason.reason).toBe('followed_interest');
      expect(chosen.some((name) => pin.title.startsWith(name))).toBe(true);
    }
    for (const pin of pins.slice(24)) expect(pin.recommendation_reason.reason).toBe('popular');
  });

  it('a visitor is asked to sign in; members from before onboarding never see it', async () => {
    const visitor = await visitorClient(t);
    failed(await visitor.getResource('NuxResource'), 401);
    failed(await visitor.getResource('NuxInterestsResource'), 401);
    failed(await visitor.resource('NuxResource', 'update', { step: 'welcome' }), 401);
    expect((await visitor.get('/nux/')).headers.location).toBe('/login?next=%2Fnux%2F');
    const old = await makeUser(t.deps, 'old');
    const browser = await signIn(t, old);
    expect(await state(browser)).toMatchObject({ completed: true });
    expect((await browser.get('/')).statusCode).toBe(200);
    failed(await answer(browser, { step: 'welcome' }), 409);
    expect((await findUserById(t.deps.db, old.id))?.country).toBe('US');
  });
});
