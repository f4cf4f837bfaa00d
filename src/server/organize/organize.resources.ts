import { BoardOrganizeResource } from '../../shared/contracts/blocking-actions.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { startOrganize } from './organize.service.ts';

export const organizeResources: Resource[] = [
  defineResource(BoardOrganizeResource, {
    create: async ({ input, actor, deps }) => ({ data: await startOrganize(deps, actor, input) }),
  }),
];
