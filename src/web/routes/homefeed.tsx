import { HomePage, homeHead } from '../home/HomePage.tsx';

/** /homefeed/ is the home page under its other name (spec section 2); its canonical is `/`. */
export const head = homeHead;

export default HomePage;
