import type { ResourceRequest } from '../../shared/resource-cache.ts';
import type { PageResource } from '../router/types.ts';

/*
 * The reads of the board and section pages, built in one place so the page server's requests and
 * the browser's are the same cache keys. A page knows only its URL, so boards are read by path.
 */

const path = (username: string, slug: string) => ({ username: username.toLowerCase(), slug: slug.toLowerCase() });

export function boardRequest(username: string, slug: string): ResourceRequest {
  return { name: 'BoardResource', options: path(username, slug) };
}

export function sectionsRequest(username: string, slug: string): ResourceRequest {
  return { name: 'BoardSectionResource', options: path(username, slug) };
}

/** The board page's grid: the pins in no section (all of them on a board without sections). */
export function boardPinsRequest(username: string, slug: string): ResourceRequest {
  return { name: 'BoardFeedResource', options: { ...path(username, slug), section_id: null } };
}

export function sectionRequest(username: string, slug: string, section: string): ResourceRequest {
  return { name: 'BoardSectionResource', options: { ...path(username, slug), section_slug: section.toLowerCase() } };
}

export function sectionPinsRequest(username: string, slug: string, section: string): ResourceRequest {
  return { name: 'BoardFeedResource', options: { ...path(username, slug), section_slug: section.toLowerCase() } };
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
