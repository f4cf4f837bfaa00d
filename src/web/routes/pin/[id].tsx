import { PinPage, pinHead, pinPageResources } from '../../closeup/PinPage.tsx';

export const head = pinHead;

export const resources = pinPageResources;

export default PinPage;
