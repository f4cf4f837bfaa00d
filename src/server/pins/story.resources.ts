import { z } from 'zod';
import { Bookmark } from '../boards/board.inputs.ts';
import { AnyOptions } from '../boards/boards.resources.ts';
import { defineUntypedResource } from '../http/resources.ts';
import { parseInput } from '../http/validate.ts';
import { readerOf } from '../access/authorized.ts';
import { presentPins } from './pins.present.ts';
import { userPins } from './user-pins.ts';

const UserStoryPinsOptions = z.object({ username: z.string().min(1).max(100), bookmark: Bookmark });

/** UserStoryPinsResource get {username, bookmark?}: the story pins a profile made, newest first (its story pins tab). */
export const UserStoryPinsResource = defineUntypedResource({
  name: 'UserStoryPinsResource',
  options: AnyOptions,
  sameForEveryVisitor: true,
  get: async ({ options, actor, deps }) => {
    const { pins, bookmark } = await userPins(deps, actor, { ...parseInput(UserStoryPinsOptions, options), storiesOnly: true });
    return {
      data: await presentPins(
        deps,
        readerOf(actor),
        pins.map((pin) => ({ pin })),
      ),
      bookmark,
    };
  },
});
