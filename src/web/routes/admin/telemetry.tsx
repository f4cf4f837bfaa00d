import { TelemetryDashboardPage, telemetryHead, telemetryResources } from '../../telemetry/TelemetryDashboardPage.tsx';

export const head = telemetryHead;

export const resources = telemetryResources;

export default TelemetryDashboardPage;
