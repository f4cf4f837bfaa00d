import type { PlannedMember } from './plan.ts';
import { itemAt, type Random } from './random.ts';
import { SUBJECTS, subjectOf, type SubjectSlug } from './subjects.ts';
import { aboutText, FIRST_NAMES, LAST_NAMES } from './words.ts';

/** The printed demo login. A demo-only credential: anyone reading the README knows it. */
export const DEMO_EMAIL = 'demo@corkboard.example';
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'corkboard-demo';

/** Everyone's address is on the reserved `.example` domain, so no real inbox is ever written to. */
const MAIL_DOMAIN = 'corkboard.example';

/** Member 0 is the demo member; the others get distinct names, interests and activity. */
export function planMembers(random: Random, count: number): PlannedMember[] {
  // Shuffled separately and paired in turn, so first and last names only repeat past 30 members.
  const firsts = random.shuffle(FIRST_NAMES);
  const lasts = random.shuffle(LAST_NAMES);
  const taken = new Set<string>([DEMO_USERNAME]);
  const members: PlannedMember[] = [];
  for (let i = 0; i < count; i++) {
    const own = random.fork(`member/${i}`);
    const interests = pickInterests(own, i === 0 ? 3 : own.int(2, 4));
    if (i === 0) {
      members.push(demoMember(own, interests));
      continue;
    }
    const k = i - 1;
    const first = itemAt(firsts, k % firsts.length);
    const last = itemAt(lasts, (k + Math.floor(k / lasts.length)) % lasts.length);
    const username = freeUsername(`${first}_${last}`.toLowerCase(), taken);
    members.push({
      username,
      email: `${username}@${MAIL_DOMAIN}`,
      firstName: first,
      lastName: last,
      interests,
      activity: own.pareto(1.3, 8),
      about: aboutText(
        own,
        interests.map((s) => subjectOf(s).topic),
      ),
      website: own.chance(0.3) ? `https://${username.replace(/_/g, '-')}.example` : null,
      isDemo: false,
    });
  }
  return members;
}

function demoMember(random: Random, interests: SubjectSlug[]): PlannedMember {
  return {
    username: DEMO_USERNAME,
    email: DEMO_EMAIL,
    firstName: 'Demo',
    lastName: 'Member',
    interests,
    // Busy enough to have a full profile and home feed, without dominating the world.
    activity: 3,
    about: aboutText(
      random,
      interests.map((s) => subjectOf(s).topic),
    ),
    website: null,
    isDemo: true,
  };
}

/** `count` subjects, the popular ones more often. */
function pickInterests(random: Random, count: number): SubjectSlug[] {
  const chosen: SubjectSlug[] = [];
  while (chosen.length < count) {
    const subject = random.weighted(
      SUBJECTS.filter((s) => !chosen.includes(s.slug)),
      (s) => s.popularity,
    );
    chosen.push(subject.slug);
  }
  return chosen;
}

/** Usernames are at most 30 characters of [a-z0-9_]; a repeat gets a number. */
function freeUsername(base: string, taken: Set<string>): string {
  const clean = base.replace(/[^a-z0-9_]/g, '').slice(0, 26);
  let candidate = clean;
  for (let k = 2; taken.has(candidate); k++) candidate = `${clean}${k}`;
  taken.add(candidate);
  return candidate;
}
