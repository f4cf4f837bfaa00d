import { topicTokens } from '../search/search-text.ts';
import type { Random } from './random.ts';
import type { Subject } from './subjects.ts';

/** The demo world's texts, made from each subject's word lists: same random state, same words. */

const TITLE_ENDINGS = ['', '', '', ' ideas', ' inspiration', ' mood', ' goals', ' of the day', ' for the weekend', ' to remember'] as const;
const CLOSERS = ['', '', 'Saving this for later.', 'Which one is your favourite?', 'Found this and had to save it.', 'More like this on my boards.'] as const;

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export type PinText = { title: string; description: string; altText: string; link: string | null };

export function pinText(random: Random, subject: Subject): PinText {
  const adjective = random.pick(subject.adjectives);
  const noun = random.pick(subject.nouns);
  const title = capitalise(`${adjective} ${noun}${random.pick(TITLE_ENDINGS)}`);
  const sentences = random.shuffle(subject.details).slice(0, random.int(1, 2));
  const closer = random.pick(CLOSERS);
  const nounTag = `#${noun.replace(/[^a-z]/gi, '').toLowerCase()}`;
  const description = [...sentences, closer, topicTags(subject), random.chance(0.5) ? nounTag : ''].filter(Boolean).join(' ');
  const link = random.chance(0.45) ? `https://${random.pick(subject.domains)}/${slugOf(title)}-${random.int(100, 999)}` : null;
  return { title, description, altText: `Illustration: ${adjective.toLowerCase()} ${noun}`, link };
}

/**
 * The subject's topic as hashtags, one a word (#interior #design), on every pin: a topic's page
 * lists the pins that hold all the words of its name (topicTokens, docs/decisions/0024-discovery-pages.md),
 * and a subject's titles and board names need not say them ("Cosy reading nook" on "Dream home").
 */
export function topicTags(subject: Subject): string {
  return topicTokens(subject.topic)
    .map((word) => `#${word}`)
    .join(' ');
}

export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const BOARD_LINES = ['Everything {topic} I want to remember.', 'A collection of {topic} ideas.', 'Saving the best of {topic}.', ''] as const;

export function boardDescription(random: Random, subject: Subject): string {
  return random.pick(BOARD_LINES).replace('{topic}', subject.topic.toLowerCase());
}

export function aboutText(random: Random, topics: readonly string[]): string {
  const list = topics.map((t) => t.toLowerCase());
  const joined = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1) ?? ''}` : (list[0] ?? '');
  return random.pick([
    `Collecting ${joined}.`,
    `Mostly ${joined}. Always looking for new ideas.`,
    `I save ${joined} ideas here.`,
    `${capitalise(joined)}, one pin at a time.`,
  ]);
}

export const FIRST_NAMES = [
  'Maya',
  'Liam',
  'Aisha',
  'Noah',
  'Sofia',
  'Kenji',
  'Amara',
  'Lucas',
  'Priya',
  'Mateo',
  'Hana',
  'Oliver',
  'Zara',
  'Elias',
  'Leila',
  'Daniel',
  'Mei',
  'Tomas',
  'Ines',
  'Kofi',
  'Freya',
  'Omar',
  'Chloe',
  'Ravi',
  'Nora',
  'Felix',
  'Yara',
  'Samuel',
  'Ana',
  'Jonas',
  'Lina',
  'Arjun',
  'Emma',
  'Diego',
  'Sara',
  'Malik',
] as const;

export const LAST_NAMES = [
  'Okafor',
  'Bennett',
  'Rahman',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Mensah',
  'Rossi',
  'Sharma',
  'Garcia',
  'Kim',
  'Novak',
  'Haddad',
  'Fischer',
  'Nguyen',
  'Silva',
  'Costa',
  'Walsh',
  'Ivanova',
  'Adeyemi',
  'Larsen',
  'Chen',
  'Kowalski',
  'Dubois',
  'Mwangi',
  'Petrov',
  'Santos',
  'Yilmaz',
  'Berg',
  'Alvarez',
] as const;
