import { TodayPage, todayHead, todayResources } from '../discovery/TodayPage.tsx';

export const head = todayHead;

export const resources = todayResources;

export default TodayPage;
