import { sectionPageResources } from '../../../board-edit/board-requests.ts';
import { SectionPage, sectionHead } from '../../../board/SectionPage.tsx';
import type { PageInput, PageResource } from '../../../router/types.ts';

export const head = sectionHead;

export function resources({ params }: PageInput): PageResource[] {
  return sectionPageResources(params['username'] ?? '', params['slug'] ?? '', params['section'] ?? '');
}

export default SectionPage;
