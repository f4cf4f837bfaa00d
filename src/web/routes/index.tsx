import { HomePage, homeHead } from '../home/HomePage.tsx';

export const head = homeHead;

export default HomePage;
