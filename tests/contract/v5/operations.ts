import type { Call, Method, Scope } from './helpers.ts';

/** The things a valid example call names: the caller's own board, section, pin and media. */
export type Ids = { board: string; otherBoard: string; section: string; pin: string; othersPin: string; media: string; image: string };

export type Operation = {
  method: Method;
  path: string;
  /** What the reference's security lists for the operation, all required. */
  scopes: Scope[];
  /** A valid call (it may still be refused for other reasons, e.g. the media has no file yet). */
  example: (ids: Ids) => Omit<Call, 'path' | 'token'>;
};

const readBoards: Scope[] = ['boards:read'];
const writeBoards: Scope[] = ['boards:read', 'boards:write'];
const readBoardPins: Scope[] = ['boards:read', 'pins:read'];
const writePins: Scope[] = ['boards:read', 'boards:write', 'pins:read', 'pins:write'];

/** Every operation of the public API core, with its scopes and an example. */
export const OPERATIONS: Operation[] = [
  { method: 'GET', path: '/user_account', scopes: ['user_accounts:read'], example: () => ({}) },
  { method: 'GET', path: '/boards', scopes: readBoards, example: () => ({ query: { privacy: 'ALL', page_size: '5', bookmark: 'WzEsIjEiXQ' } }) },
  { method: 'POST', path: '/boards', scopes: writeBoards, example: () => ({ body: { name: 'Made', description: 'd', privacy: 'PUBLIC' } }) },
  { method: 'GET', path: '/boards/{board_id}', scopes: readBoards, example: (i) => ({ params: { board_id: i.board } }) },
  {
    method: 'PATCH',
    path: '/boards/{board_id}',
    scopes: writeBoards,
    example: (i) => ({ params: { board_id: i.board }, body: { name: 'Renamed', description: 'x', privacy: 'PUBLIC' } }),
  },
  { method: 'DELETE', path: '/boards/{board_id}', scopes: writeBoards, example: (i) => ({ params: { board_id: i.otherBoard } }) },
  {
    method: 'GET',
    path: '/boards/{board_id}/pins',
    scopes: readBoardPins,
    example: (i) => ({ params: { board_id: i.board }, query: { page_size: '2', creative_types: 'REGULAR' } }),
  },
  { method: 'GET', path: '/boards/{board_id}/sections', scopes: readBoards, example: (i) => ({ params: { board_id: i.board }, query: { page_size: '2' } }) },
  { method: 'POST', path: '/boards/{board_id}/sections', scopes: writeBoards, example: (i) => ({ params: { board_id: i.board }, body: { name: 'Section' } }) },
  {
    method: 'PATCH',
    path: '/boards/{board_id}/sections/{section_id}',
    scopes: writeBoards,
    example: (i) => ({ params: { board_id: i.board, section_id: i.section }, body: { name: 'Renamed' } }),
  },
  {
    method: 'DELETE',
    path: '/boards/{board_id}/sections/{section_id}',
    scopes: writeBoards,
    example: (i) => ({ params: { board_id: i.board, section_id: i.section } }),
  },
  {
    method: 'GET',
    path: '/boards/{board_id}/sections/{section_id}/pins',
    scopes: readBoardPins,
    example: (i) => ({ params: { board_id: i.board, section_id: i.section }, query: { page_size: '1' } }),
  },
  {
    method: 'POST',
    path: '/pins',
    scopes: writePins,
    example: (i) => ({
      body: {
        board_id: i.board,
        board_section_id: i.section,
        title: 't',
        description: 'd',
        link: 'https://example.com/a',
        alt_text: 'a',
        media_source: { source_type: 'image_base64', content_type: 'image/png', data: i.image },
      },
    }),
  },
  { method: 'GET', path: '/pins', scopes: readBoardPins, example: () => ({ query: { page_size: '3', pin_filter: 'exclude_repins', pin_metrics: 'false' } }) },
  { method: 'GET', path: '/pins/{pin_id}', scopes: readBoardPins, example: (i) => ({ params: { pin_id: i.pin }, query: { pin_metrics: 'true' } }) },
  {
    method: 'PATCH',
    path: '/pins/{pin_id}',
    scopes: writePins,
    example: (i) => ({ params: { pin_id: i.pin }, body: { title: 'New', board_id: i.board, board_section_id: null } }),
  },
  { method: 'DELETE', path: '/pins/{pin_id}', scopes: writePins, example: (i) => ({ params: { pin_id: i.pin } }) },
  {
    method: 'POST',
    path: '/pins/{pin_id}/save',
    scopes: writePins,
    example: (i) => ({ params: { pin_id: i.othersPin }, body: { board_id: i.board, board_section_id: i.section } }),
  },
  {
    method: 'GET',
    path: '/search/pins',
    scopes: ['boards:read', 'boards:read_secret', 'pins:read', 'pins:read_secret'],
    example: () => ({ query: { query: 'garden' } }),
  },
  { method: 'GET', path: '/search/boards', scopes: ['boards:read', 'boards:read_secret'], example: () => ({ query: { query: 'garden', page_size: '5' } }) },
  { method: 'GET', path: '/media', scopes: ['pins:read'], example: () => ({ query: { page_size: '2' } }) },
  { method: 'POST', path: '/media', scopes: ['pins:read', 'pins:write'], example: () => ({ body: { media_type: 'video' } }) },
  { method: 'GET', path: '/media/{media_id}', scopes: ['pins:read'], example: (i) => ({ params: { media_id: i.media } }) },
];
