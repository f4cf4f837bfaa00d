import { UserStoryPinsResource as Contract } from '../../shared/contracts/pins.ts';
import { defineResource } from '../http/resources.ts';
import { presentPinsFor } from './pins.present.ts';
import { userPins } from './user-pins.ts';

/** UserStoryPinsResource get {username, bookmark?}: the story pins a profile made, newest first (its story pins tab). */
export const UserStoryPinsResource = defineResource(Contract, {
  get: async ({ input, actor, deps }) => {
    const { pins, bookmark } = await userPins(deps, actor, { ...input, storiesOnly: true });
    return { data: await presentPinsFor(deps, actor, pins), bookmark };
  },
});
