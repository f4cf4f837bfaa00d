import { sectionPageResources } from '../discovery/requests.ts';
import { sectionRoute } from '../discovery/SectionPage.tsx';
import type { PageResource } from '../router/types.ts';

const { head: sectionHead, Page } = sectionRoute('shopping', () => null);

export const head = sectionHead;

export function resources(): PageResource[] {
  return sectionPageResources('shopping', null);
}

export default Page;
