import { ModerationAdminPage, moderationHead, moderationResources } from '../../moderation-admin/ModerationAdminPage.tsx';

export const head = moderationHead;

export const resources = moderationResources;

export default ModerationAdminPage;
