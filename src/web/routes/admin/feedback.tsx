import { FeedbackAdminPage, feedbackHead, feedbackResources } from '../../moderation-admin/FeedbackAdminPage.tsx';

export const head = feedbackHead;

export const resources = feedbackResources;

export default FeedbackAdminPage;
