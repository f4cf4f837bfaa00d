import { sectionPageResources } from '../../../discovery/requests.ts';
import { sectionRoute } from '../../../discovery/SectionPage.tsx';
import type { PageInput, PageResource } from '../../../router/types.ts';

const categoryOf = (params: Record<string, string>) => params['id'] ?? '';
const { head: sectionHead, Page } = sectionRoute('videos', categoryOf);

export const head = sectionHead;

export function resources({ params }: PageInput): PageResource[] {
  return sectionPageResources('videos', categoryOf(params));
}

export default Page;
