import { profileRoute } from '../../profile/ProfilePage.tsx';
import { profileResources } from '../../profile/tabs.ts';

const { head: tabHead, Page } = profileRoute('story_pins');

export const head = tabHead;

export const resources = profileResources('story_pins');

export default Page;
