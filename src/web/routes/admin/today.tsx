import { TodayAdminPage, adminHead, adminResources } from '../../discovery/TodayAdminPage.tsx';

export const head = adminHead;

export const resources = adminResources;

export default TodayAdminPage;
