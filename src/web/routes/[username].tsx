import { profileRoute } from '../profile/ProfilePage.tsx';
import { profileResources } from '../profile/tabs.ts';

const { head: tabHead, Page } = profileRoute('boards');

export const head = tabHead;

export const resources = profileResources('boards');

export default Page;
