import { ApiCResource, ApiSResource, TelemetryDashboardResource } from '../../shared/contracts/telemetry.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { ingestContextEvents, ingestMetrics, telemetryDashboard } from './telemetry.service.ts';

/* Telemetry from browsers and the operators' dashboard (contracts in src/shared/contracts/telemetry.ts). */

export const telemetryResources: Resource[] = [
  defineResource(ApiCResource, {
    create: async ({ input, actor, deps, request }) => ({ data: { stored: await ingestContextEvents(deps, actor, input.events, request.cookies) } }),
  }),
  defineResource(ApiSResource, {
    create: async ({ input, actor, deps, request }) => ({ data: { stored: await ingestMetrics(deps, actor, input.metrics, request.cookies) } }),
  }),
  defineResource(TelemetryDashboardResource, {
    get: async ({ input, actor, deps }) => ({ data: await telemetryDashboard(deps, actor, input.days) }),
  }),
];
