import { splitModule } from '../app/split-module.ts';
import { withPageTexts } from '../i18n/i18n.ts';

/*
 * The landing's grid is a chunk of its own with the page texts its tiles use, as the member's
 * feed is (./feed-chunk.ts): the first load stays small, and the server still renders it whole.
 */
export const landingPinsModule = splitModule(withPageTexts(() => import('./LandingPins.tsx')));

if (import.meta.env.SSR) await landingPinsModule.load();
