import { ActivateExperimentResource, ExperimentAdminResource, ExperiencesResource } from '../../shared/contracts/experiments.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { loadViewer } from '../users/viewer.ts';
import type { ResourceCall } from '../http/resources.ts';
import { markExperience, memberExperiences } from './experiences.service.ts';
import { changeExperiment, createExperiment, listExperiments, removeExperiment } from './experiments.service.ts';
import { recordExposures } from './exposures.service.ts';
import { requestExperiments } from './request-experiments.ts';

/* Experiments, exposures and experiences (contracts in src/shared/contracts/experiments.ts). */

async function activeOf(call: ResourceCall<unknown>): Promise<Record<string, string>> {
  return requestExperiments(call.deps, call.request, await loadViewer(call.deps, call.actor));
}

export const experimentResources: Resource[] = [
  defineResource(ExperimentAdminResource, {
    get: async ({ actor, deps }) => ({ data: await listExperiments(deps, actor) }),
    create: async ({ input, actor, deps }) => ({ data: await createExperiment(deps, actor, input) }),
    update: async ({ input, actor, deps }) => ({ data: await changeExperiment(deps, actor, input) }),
    delete: async ({ input, actor, deps }) => ({ data: await removeExperiment(deps, actor, input.name) }),
  }),
  defineResource(ActivateExperimentResource, {
    create: async (call) => {
      const activations = 'experiments' in call.input ? call.input.experiments : [call.input];
      const recorded = await recordExposures(call.deps, call.actor, { active: await activeOf(call), activations, cookies: call.request.cookies });
      return { data: { recorded } };
    },
  }),
  defineResource(ExperiencesResource, {
    get: async (call) => ({ data: await memberExperiences(call.deps, call.actor, await activeOf(call), call.input.placement_ids) }),
    update: async (call) => ({ data: await markExperience(call.deps, call.actor, await activeOf(call), call.input) }),
  }),
];
