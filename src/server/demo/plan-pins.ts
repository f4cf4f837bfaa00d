import { ASPECTS, type Aspect } from './painters/paint.ts';
import type { DemoCounts, PlannedBoard, PlannedMember, PlannedPin } from './plan.ts';
import { planPage } from './pages.ts';
import { itemAt, type Random } from './random.ts';
import { subjectOf } from './subjects.ts';
import { pinText } from './words.ts';

/**
 * Pins: every board gets one, the rest go to boards of busier owners; they are made in a mixed
 * order (as people pin over time), mostly by the board's owner and sometimes by a collaborator.
 * A few pins of subjects that move (the sea, city lights, space...) are videos.
 */
export function planPins(random: Random, members: readonly PlannedMember[], boards: readonly PlannedBoard[], counts: DemoCounts): PlannedPin[] {
  const weights = boards.map((board) => itemAt(members, board.owner).activity * random.between(0.5, 1.5));
  const homes = boards.map((_, i) => i);
  while (homes.length < counts.pins)
    homes.push(
      random.weighted(
        boards.map((_, i) => i),
        (i) => itemAt(weights, i),
      ),
    );
  const pins = random.shuffle(homes).map((board, i) => planPin(random.fork(`pin/${i}`), itemAt(boards, board), board));
  chooseVideos(random, pins, boards, counts.videos);
  return pins;
}

function planPin(random: Random, board: PlannedBoard, boardIndex: number): PlannedPin {
  const writers = board.collaborators.filter((c) => c.accepts).map((c) => c.member);
  const creator = writers.length > 0 && random.chance(0.35) ? random.pick(writers) : board.owner;
  const section = board.sections.length > 0 && random.chance(0.7) ? random.int(0, board.sections.length - 1) : null;
  const text = pinText(random, subjectOf(board.subject));
  return {
    board: boardIndex,
    creator,
    section,
    subject: board.subject,
    kind: 'image',
    aspect: random.weighted(ASPECTS, (a) => a.weight).name,
    picture: `${board.subject}/${random.int(0, 2 ** 31)}`,
    ...text,
    page: planPage(random.fork('page'), board.subject, text.title, text.link),
    popularity: random.pareto(1.2, 200),
  };
}

const VIDEO_ASPECTS: readonly Aspect[] = ['9:16', '16:9', '4:5', '1:1'];

/** `count` public pins become videos, taking the subjects that move in turn. */
function chooseVideos(random: Random, pins: PlannedPin[], boards: readonly PlannedBoard[], count: number): void {
  const eligible = random.shuffle(pins.filter((pin) => subjectOf(pin.subject).video && itemAt(boards, pin.board).privacy === 'public'));
  const bySubject = new Map<string, PlannedPin[]>();
  for (const pin of eligible) bySubject.set(pin.subject, [...(bySubject.get(pin.subject) ?? []), pin]);
  const queues = [...bySubject.values()];
  let chosen = 0;
  for (let round = 0; chosen < count && queues.some((q) => q.length > round); round++) {
    for (const queue of queues) {
      const pin = queue[round];
      if (!pin || chosen >= count) continue;
      pin.kind = 'video';
      pin.aspect = random.pick(VIDEO_ASPECTS);
      chosen += 1;
    }
  }
}
