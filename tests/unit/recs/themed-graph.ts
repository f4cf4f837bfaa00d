import { createGraphBuilder } from '../../../src/server/recs/csr.ts';
import { PinBoardGraph } from '../../../src/server/recs/graph.ts';
import { parseIdWords } from '../../../src/server/recs/node-ids.ts';
import { createPrng, nextFloat } from '../../../src/server/recs/prng.ts';

/**
 * A generated pin–board graph in which boards have themes: each pin has a theme (pin i has theme
 * i mod themes), each board one too, and a board takes `1 - noise` of its pins from its theme
 * (popular pins of a theme more often than the rest) and the others from anywhere. A few hub
 * boards take pins from everywhere. Board sizes follow an exponential law around the mean.
 * Saves are emitted board after board, so later boards hold the newer saves.
 */
export type ThemedGraphShape = {
  pins: number;
  boards: number;
  saves: number;
  themes: number;
  noise: number;
  hubs: number;
  hubSize: number;
  seed: number;
};

/** The graph, and the theme of a pin given its number in the graph. */
export type ThemedGraph = { graph: PinBoardGraph; themeOf: (pinIndex: number) => number };

/** Ids shaped like ours (large, time-ordered) from a pin or board number. */
export const pinWords = (i: number) => ({ hi: 0x40000 + Math.floor(i / 1024), lo: (i % 1024) * 4096 + 17 });
export const boardWords = (i: number) => ({ hi: 0x50000 + Math.floor(i / 1024), lo: (i % 1024) * 4096 + 29 });

export function themedGraph(shape: ThemedGraphShape): ThemedGraph {
  const rng = createPrng(shape.seed);
  const builder = createGraphBuilder(shape.saves + shape.hubs * shape.hubSize);
  const lastBoard = new Int32Array(shape.pins).fill(-1);
  const perTheme = Math.floor(shape.pins / shape.themes);
  const meanSize = Math.max(1, (shape.saves - shape.hubs * shape.hubSize) / (shape.boards - shape.hubs));
  const add = (pin: number, board: number) => {
    lastBoard[pin] = board;
    const p = pinWords(pin);
    const b = boardWords(board);
    builder.addSave(p.hi, p.lo, b.hi, b.lo);
  };
  for (let board = 0; board < shape.boards; board++) {
    const hub = board < shape.hubs;
    const theme = board % shape.themes;
    const size = hub ? shape.hubSize : Math.min(perTheme - 1, 1 + Math.floor(-Math.log(1 - nextFloat(rng)) * (meanSize - 1)));
    for (let k = 0; k < size; k++) {
      for (let tries = 0; tries < 8; tries++) {
        const pin = hub || nextFloat(rng) < shape.noise ? Math.floor(nextFloat(rng) * shape.pins) : themed(theme, perTheme, shape.themes, nextFloat(rng));
        if (pin >= shape.pins || lastBoard[pin] === board) continue;
        add(pin, board);
        break;
      }
    }
  }
  const graph = new PinBoardGraph(builder.build());
  return { graph, themeOf: (pinIndex) => pinNumber(graph.pinId(pinIndex)) % shape.themes };
}

/** The generator's number of a pin id (the inverse of pinWords). */
export function pinNumber(id: string): number {
  const words = parseIdWords(id) ?? { hi: 0, lo: 0 };
  return (words.hi - 0x40000) * 1024 + (words.lo - 17) / 4096;
}

/** A pin of the theme, popular ones (low ranks) more often: rank = size · u². */
function themed(theme: number, perTheme: number, themes: number, u: number): number {
  return Math.floor(perTheme * u * u) * themes + theme;
}
