import { ideasRequest } from '../discovery/requests.ts';
import { IdeasPage, ideasHead } from '../discovery/IdeasPage.tsx';
import type { PageResource } from '../router/types.ts';

export const head = ideasHead;

export function resources(): PageResource[] {
  return [ideasRequest()];
}

export default IdeasPage;
