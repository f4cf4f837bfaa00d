import { sectionPageResources } from '../discovery/requests.ts';
import { sectionRoute } from '../discovery/SectionPage.tsx';
import type { PageResource } from '../router/types.ts';

const { head: sectionHead, Page } = sectionRoute('videos', () => null);

export const head = sectionHead;

export function resources(): PageResource[] {
  return sectionPageResources('videos', null);
}

export default Page;
