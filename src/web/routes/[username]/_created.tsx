import { profileRoute } from '../../profile/ProfilePage.tsx';
import { profileResources } from '../../profile/tabs.ts';

const { head: tabHead, Page } = profileRoute('pins');

export const head = tabHead;

export const resources = profileResources('pins');

export default Page;
