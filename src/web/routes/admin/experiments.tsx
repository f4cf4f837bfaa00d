import { ExperimentsAdminPage, experimentsHead, experimentsResources } from '../../telemetry/ExperimentsAdminPage.tsx';

export const head = experimentsHead;

export const resources = experimentsResources;

export default ExperimentsAdminPage;
