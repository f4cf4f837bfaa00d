import { HomePage, homeHead } from '../home/HomePage.tsx';
import { homeResources } from '../home/requests.ts';

export const head = homeHead;

export const resources = homeResources;

export default HomePage;
