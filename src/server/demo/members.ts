import { SignupPayload } from '../../shared/validation/signup.ts';
import { visitor } from '../access/actor.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { registerHandshake } from '../auth/signup.service.ts';
import { newId } from '../db/ids.ts';
import type { NewUser } from '../db/schema/accounts.ts';
import { AppError } from '../errors.ts';
import { ingestImage } from '../media/media.service.ts';
import { updateProfile } from '../social/profile.service.ts';
import { ensureInterest } from '../social/topics.ts';
import { createAccount } from '../users/account.service.ts';
import { completeNux } from '../users/nux.repo.ts';
import { findUserByEmail, markEmailVerified } from '../users/users.repo.ts';
import { paintAvatarPicture } from './painters/paint.ts';
import type { PlannedMember } from './plan.ts';
import { DEMO_PASSWORD } from './plan-people.ts';
import { subjectOf } from './subjects.ts';
import { actorOf, checkpoint, type World } from './world.ts';
import { ProfileChanges } from '../../shared/contracts/social.ts';

/**
 * The demo member signs up through the real sign-up service (the form's validation, argon2,
 * uniqueness). That sign-up is also the claim on the world: when two nodes start on one empty
 * database, the second one's sign-up finds the address taken and it leaves the world to the first.
 * Answers false then.
 */
export async function signUpDemoMember(world: World, member: PlannedMember): Promise<boolean> {
  const { deps } = world;
  const payload = SignupPayload.parse({
    email: member.email,
    password: DEMO_PASSWORD,
    username: member.username,
    first_name: member.firstName,
    last_name: member.lastName,
    country: 'US',
    locale: 'en_US',
  });
  try {
    await registerHandshake(deps, visitor, 'email', payload, { ip: '127.0.0.1', ageRestricted: false });
  } catch (error) {
    if (error instanceof AppError && (error.errorName === 'email_taken' || error.errorName === 'username_taken')) return false;
    throw error;
  }
  const user = await findUserByEmail(deps.db, member.email);
  if (!user) throw new Error('The demo member vanished after signing up');
  // The address is on the reserved .example domain: no verification mail can arrive. The world
  // gives the member interests, follows and boards, so onboarding has nothing left to ask.
  await markEmailVerified(deps.db, user.id, Date.now());
  await completeNux(deps.db, user.id, Date.now());
  world.members.push(user.id);
  return true;
}

/**
 * The other members are inserted as accounts directly: sign-up counts every attempt against a
 * per-address limit (20 an hour) and mails each one, neither of which fits 30 generated people.
 * They share one argon2 hash of the demo password (hashed once: argon2 is slow on purpose), so
 * anyone trying the demo can also log in as any of them.
 */
export async function insertOtherMembers(world: World, others: readonly PlannedMember[]): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const member of others) {
    checkpoint(world);
    const id = newId();
    await createAccount(world.deps, accountRow(id, member, passwordHash, Date.now()));
    world.members.push(id);
  }
}

function accountRow(id: string, member: PlannedMember, passwordHash: string, now: number): NewUser {
  // The same checks a sign-up form would apply to these fields.
  const checked = SignupPayload.parse({
    email: member.email,
    password: DEMO_PASSWORD,
    username: member.username,
    first_name: member.firstName,
    last_name: member.lastName,
  });
  return {
    id,
    email: checked.email,
    username: checked.username ?? member.username,
    password_hash: passwordHash,
    first_name: checked.first_name ?? '',
    last_name: checked.last_name ?? '',
    country: 'US',
    locale: 'en_US',
    gender: null,
    custom_gender: null,
    birthday: null,
    is_partner: 0,
    business_name: null,
    is_employee: 0,
    email_verified_at: now,
    allow_personalization_cookies: 0,
    allow_analytic_cookies: 0,
    allow_marketing_cookies: 0,
    mfa_secret: null,
    signup_source: null,
    created_at: now,
    updated_at: now,
  };
}

/** Each member's about text, website and a painted profile picture, through the profile service. */
export async function fillProfiles(world: World): Promise<void> {
  for (const [index, member] of world.plan.members.entries()) {
    checkpoint(world);
    const actor = actorOf(world, index);
    const avatar = await ingestImage(world.deps, actor, await paintAvatarPicture(member.username), { inline: true });
    await updateProfile(world.deps, actor, ProfileChanges.parse({ about: member.about, website_url: member.website ?? '', image_media_id: avatar.id }));
  }
}

/** One topic per subject, through the topics' own entry point. */
export async function ensureTopics(world: World): Promise<void> {
  for (const slug of world.plan.topics) {
    const interest = await ensureInterest(world.deps.db, subjectOf(slug).topic, slug);
    world.topics.set(slug, interest.id);
  }
}
