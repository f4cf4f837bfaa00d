import { HomePage, homeHead } from '../home/HomePage.tsx';
import { homeResources } from '../home/requests.ts';

/** /homefeed/ is the home page under its other name (spec section 2); its canonical is `/`. */
export const head = homeHead;

export const resources = homeResources;

export default HomePage;
