import type { BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import type { PlannedBoard, PlannedMember } from './plan.ts';
import { itemAt, type Random } from './random.ts';
import { SUBJECTS, subjectOf, type SubjectSlug } from './subjects.ts';
import { boardDescription } from './words.ts';

/**
 * Boards: every member has one about their first interest (the demo member one per interest, the
 * last of them secret); the rest go to the busier members, about the interest they have the
 * fewest boards for. Some are secret, some have sections, some are shared with collaborators.
 */
export function planBoards(random: Random, members: readonly PlannedMember[], count: number): PlannedBoard[] {
  const boards: PlannedBoard[] = [];
  const names = members.map(() => new Set<string>());
  const add = (owner: number, subject: SubjectSlug, privacy: BoardPrivacy) => {
    const own = random.fork(`board/${boards.length}`);
    const catalogue = subjectOf(subject);
    const name = freeName(own.shuffle(catalogue.boards), itemAt(names, owner));
    const sections = own.chance(0.2) ? own.shuffle(catalogue.sections).slice(0, own.int(2, 3)) : [];
    boards.push({ owner, subject, name, description: boardDescription(own, catalogue), privacy, sections, collaborators: [] });
  };
  members.forEach((member, index) => {
    add(index, itemAt(member.interests, 0), 'public');
  });
  const demo = members.findIndex((m) => m.isDemo);
  if (demo >= 0) {
    const interests = itemAt(members, demo).interests;
    interests.slice(1).forEach((subject, i) => {
      if (boards.length < count) add(demo, subject, i === interests.length - 2 ? 'secret' : 'public');
    });
  }
  while (boards.length < count) {
    const owner = random.weighted(
      members.map((_, i) => i),
      (i) => itemAt(members, i).activity,
    );
    add(owner, nextSubject(random, itemAt(members, owner), boards, owner), random.chance(0.08) ? 'secret' : 'public');
  }
  planCollaborators(random, members, boards, demo);
  return boards;
}

/** The owner's interest with the fewest boards so far; now and then something new. */
function nextSubject(random: Random, member: PlannedMember, boards: readonly PlannedBoard[], owner: number): SubjectSlug {
  if (random.chance(0.1)) return random.pick(SUBJECTS).slug;
  const countOf = (subject: SubjectSlug) => boards.filter((b) => b.owner === owner && b.subject === subject).length;
  const fewest = Math.min(...member.interests.map(countOf));
  return random.pick(member.interests.filter((s) => countOf(s) === fewest));
}

function freeName(candidates: readonly string[], used: Set<string>): string {
  const base = candidates.find((c) => !used.has(c)) ?? itemAt(candidates, 0);
  let name = base;
  for (let k = 2; used.has(name); k++) name = `${base} ${k}`;
  used.add(name);
  return name;
}

/**
 * About one public board in ten is shared: one or two members who like its subject are invited,
 * and most accept. The demo member is a collaborator on one board and has an invitation waiting
 * on another, so both screens have something to show.
 */
function planCollaborators(random: Random, members: readonly PlannedMember[], boards: PlannedBoard[], demo: number): void {
  const shareable = boards.filter((b) => b.privacy === 'public' && b.owner !== demo);
  for (const board of shareable) {
    if (!random.chance(0.1)) continue;
    const fans = members.map((_, i) => i).filter((i) => i !== board.owner && i !== demo && itemAt(members, i).interests.includes(board.subject));
    for (const member of random.shuffle(fans).slice(0, random.int(1, 2))) board.collaborators.push({ member, accepts: random.chance(0.85) });
  }
  if (demo < 0) return;
  const interests = itemAt(members, demo).interests;
  const forDemo = [...shareable].sort((a, b) => Number(interests.includes(b.subject)) - Number(interests.includes(a.subject)));
  forDemo.slice(0, 2).forEach((board, i) => board.collaborators.push({ member: demo, accepts: i === 0 }));
}
