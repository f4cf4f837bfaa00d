import { profileRoute } from '../../profile/ProfilePage.tsx';
import { profileResources } from '../../profile/tabs.ts';

// /:username/_saved/ is the boards tab under Pinterest's other name; its canonical is /:username/.
const { head: tabHead, Page } = profileRoute('boards');

export const head = tabHead;

export const resources = profileResources('boards');

export default Page;
