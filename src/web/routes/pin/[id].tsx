import { PinPage, pinHead, pinPageResources } from '../../pins/PinPage.tsx';

export const head = pinHead;

export const resources = pinPageResources;

export default PinPage;
