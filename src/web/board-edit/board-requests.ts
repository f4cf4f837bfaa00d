import type { TypedRequest } from '../api/resource-types.ts';
import type { SectionJson } from '../../shared/contracts/boards.ts';
import type { PageResource } from '../router/types.ts';

/*
 * The reads of the board and section pages, built in one place so the page server's requests and
 * the browser's are the same cache keys. A page knows only its URL, so boards are read by path.
 */

const path = (username: string, slug: string) => ({ username: username.toLowerCase(), slug: slug.toLowerCase() });

export function boardRequest(username: string, slug: string): TypedRequest<'BoardResource'> {
  return { name: 'BoardResource', options: path(username, slug) };
}

export function sectionsRequest(username: string, slug: string): TypedRequest<'BoardSectionResource'> {
  return { name: 'BoardSectionResource', options: path(username, slug) };
}

/** The board page's grid: the pins in no section (all of them on a board without sections). */
export function boardPinsRequest(username: string, slug: string): TypedRequest<'BoardFeedResource'> {
  return { name: 'BoardFeedResource', options: { ...path(username, slug), section_id: null } };
}

export function sectionRequest(username: string, slug: string, section: string): TypedRequest<'BoardSectionResource'> {
  return { name: 'BoardSectionResource', options: { ...path(username, slug), section_slug: section.toLowerCase() } };
}

export function sectionPinsRequest(username: string, slug: string, section: string): TypedRequest<'BoardFeedResource'> {
  return { name: 'BoardFeedResource', options: { ...path(username, slug), section_slug: section.toLowerCase() } };
}

/** BoardSectionResource answers the list when asked for a board's sections, */
export function sectionList(answer: SectionJson | SectionJson[] | undefined): SectionJson[] | undefined {
  return answer === undefined || Array.isArray(answer) ? answer : [answer];
}

/** and one section when asked for one. */
export function oneSection(answer: SectionJson | SectionJson[] | undefined): SectionJson | undefined {
  return Array.isArray(answer) ? undefined : answer;
}

export function boardPageResources(username: string, slug: string): PageResource[] {
  return [{ ...boardRequest(username, slug), required: true }, sectionsRequest(username, slug), boardPinsRequest(username, slug)];
}

export function sectionPageResources(username: string, slug: string, section: string): PageResource[] {
  return [
    { ...boardRequest(username, slug), required: true },
    { ...sectionRequest(username, slug, section), required: true },
    sectionPinsRequest(username, slug, section),
  ];
}
