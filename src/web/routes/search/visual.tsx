import { VisualSearchPage, visualPageHead, visualPageResources } from '../../visual/VisualSearchPage.tsx';

export const head = visualPageHead;

export const resources = visualPageResources;

export default VisualSearchPage;
