import { BoardPage, boardHead } from '../../board/BoardPage.tsx';
import { boardPageResources } from '../../board-edit/board-requests.ts';
import type { PageInput, PageResource } from '../../router/types.ts';

export const head = boardHead;

export function resources({ params }: PageInput): PageResource[] {
  return boardPageResources(params['username'] ?? '', params['slug'] ?? '');
}

export default BoardPage;
