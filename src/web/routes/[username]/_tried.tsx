import { profileRoute } from '../../profile/ProfilePage.tsx';
import { profileResources } from '../../profile/tabs.ts';

const { head: tabHead, Page } = profileRoute('tried');

export const head = tabHead;

export const resources = profileResources('tried');

export default Page;
