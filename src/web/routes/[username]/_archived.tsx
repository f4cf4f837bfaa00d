import { profileRoute } from '../../profile/ProfilePage.tsx';
import { profileResources } from '../../profile/tabs.ts';

const { head: tabHead, Page } = profileRoute('archived');

export const head = tabHead;

export const resources = profileResources('archived');

export default Page;
