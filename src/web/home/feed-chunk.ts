import { splitModule } from '../app/split-module.ts';
import { withPageTexts } from '../i18n/i18n.ts';

/*
 * The member's feed is a chunk of its own, so a visitor's first load stays the landing's (the
 * first-load budget), and it arrives with the page texts its tiles use. A member's home page is
 * still server-rendered whole (app/split-module.ts).
 */
export const homeFeedModule = splitModule(withPageTexts(() => import('./HomeFeed.tsx')));

if (import.meta.env.SSR) await homeFeedModule.load();
