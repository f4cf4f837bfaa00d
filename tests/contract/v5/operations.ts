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

const readBusiness: Scope[] = ['biz_access:read'];
const writeBusiness: Scope[] = ['biz_access:write'];
const readWriteBusiness: Scope[] = ['biz_access:read', 'biz_access:write'];
/** Business access examples name business 1 (the token user's calls are then not found: tests/contract/business test real ones). */
const biz = { business_id: '1' };

/** The reference's 27 business access operations (docs/decisions/0051-business-access.md). */
const BUSINESS_OPERATIONS: Operation[] = [
  { method: 'GET', path: '/businesses/employers', scopes: readBusiness, example: () => ({ query: { page_size: '5' } }) },
  {
    method: 'PATCH',
    path: '/businesses/invites',
    scopes: readWriteBusiness,
    example: () => ({ body: { invites: [{ invite_id: '1', action: { accept_invite: true } }] } }),
  },
  {
    method: 'PATCH',
    path: '/businesses/{business_id}/system_users/{system_user_id}',
    scopes: readWriteBusiness,
    example: () => ({ params: { ...biz, system_user_id: '2' }, body: { name: 'Bot' } }),
  },
  { method: 'GET', path: '/businesses/{business_id}/assets/{asset_id}/members', scopes: readBusiness, example: () => ({ params: { ...biz, asset_id: '2' } }) },
  { method: 'GET', path: '/businesses/{business_id}/assets/{asset_id}/partners', scopes: readBusiness, example: () => ({ params: { ...biz, asset_id: '2' } }) },
  {
    method: 'POST',
    path: '/businesses/{business_id}/invites/assets/access',
    scopes: readWriteBusiness,
    example: () => ({ params: biz, body: { invites: [{ invite_id: '3', invite_type: 'MEMBER_INVITE', asset_id_to_permissions: { '2': ['ANALYST'] } }] } }),
  },
  {
    method: 'POST',
    path: '/businesses/{business_id}/requests/assets/access',
    scopes: readWriteBusiness,
    example: () => ({ params: biz, body: { asset_requests: [{ partner_id: '4', asset_id_to_permissions: { '2': ['ANALYST'] } }] } }),
  },
  {
    method: 'GET',
    path: '/businesses/{business_id}/members',
    scopes: readBusiness,
    example: () => ({ params: biz, query: { business_roles: 'EMPLOYEE', assets_summary: 'true' } }),
  },
  {
    method: 'PATCH',
    path: '/businesses/{business_id}/members',
    scopes: writeBusiness,
    example: () => ({ params: biz, body: [{ member_id: '5', business_role: 'BIZ_ADMIN' }] }),
  },
  {
    method: 'DELETE',
    path: '/businesses/{business_id}/members',
    scopes: readWriteBusiness,
    example: () => ({ params: biz, body: { members: [{ member_id: '5', business_role: 'EMPLOYEE' }] } }),
  },
  { method: 'GET', path: '/businesses/{business_id}/assets', scopes: readBusiness, example: () => ({ params: biz, query: { asset_type: 'AD_ACCOUNT' } }) },
  {
    method: 'GET',
    path: '/businesses/{business_id}/members/{member_id}/assets',
    scopes: readBusiness,
    example: () => ({ params: { ...biz, member_id: '5' } }),
  },
  {
    method: 'PATCH',
    path: '/businesses/{business_id}/members/assets/access',
    scopes: writeBusiness,
    example: () => ({ params: biz, body: { accesses: [{ asset_id: '2', member_id: '5', permissions: ['CAMPAIGN_MANAGER'] }] } }),
  },
  {
    method: 'DELETE',
    path: '/businesses/{business_id}/members/assets/access',
    scopes: writeBusiness,
    example: () => ({ params: biz, body: { accesses: [{ asset_id: '2', member_id: '5' }] } }),
  },
  { method: 'GET', path: '/businesses/{business_id}/invites', scopes: readBusiness, example: () => ({ params: biz, query: { invite_status: 'PENDING' } }) },
  {
    method: 'POST',
    path: '/businesses/{business_id}/invites',
    scopes: writeBusiness,
    example: () => ({ params: biz, body: { business_role: 'EMPLOYEE', invite_type: 'MEMBER_INVITE', members: ['someone'] } }),
  },
  { method: 'DELETE', path: '/businesses/{business_id}/invites', scopes: writeBusiness, example: () => ({ params: biz, body: { invite_ids: ['3'] } }) },
  {
    method: 'PATCH',
    path: '/businesses/{business_id}/partners/assets',
    scopes: writeBusiness,
    example: () => ({ params: biz, body: { accesses: [{ asset_id: '2', partner_id: '4', permissions: ['ANALYST'] }] } }),
  },
  {
    method: 'DELETE',
    path: '/businesses/{business_id}/partners/assets',
    scopes: writeBusiness,
    example: () => ({ params: biz, body: { accesses: [{ asset_id: '2', partner_id: '4' }] } }),
  },
  {
    method: 'GET',
    path: '/businesses/{business_id}/partners/{partner_id}/assets',
    scopes: readBusiness,
    example: () => ({ params: { ...biz, partner_id: '4' } }),
  },
  { method: 'GET', path: '/businesses/{business_id}/partners', scopes: readBusiness, example: () => ({ params: biz }) },
  { method: 'DELETE', path: '/businesses/{business_id}/partners', scopes: writeBusiness, example: () => ({ params: biz, body: { partner_ids: ['4'] } }) },
  {
    method: 'POST',
    path: '/businesses/{business_id}/asset_groups',
    scopes: readWriteBusiness,
    example: () => ({ params: biz, body: { asset_group_name: 'Brand', asset_group_description: 'd', asset_group_types: ['BRAND'] } }),
  },
  {
    method: 'PATCH',
    path: '/businesses/{business_id}/asset_groups',
    scopes: readWriteBusiness,
    example: () => ({ params: biz, body: { asset_groups_to_update: [{ asset_group_id: '6', name: 'Renamed' }] } }),
  },
  {
    method: 'DELETE',
    path: '/businesses/{business_id}/asset_groups',
    scopes: readWriteBusiness,
    example: () => ({ params: biz, body: { asset_groups_to_delete: ['6'] } }),
  },
  {
    method: 'POST',
    path: '/business_access/business_hierarchy/{business_hierarchy_id}/brand_accounts',
    scopes: readWriteBusiness,
    example: () => ({ params: { business_hierarchy_id: '1' }, body: { name: 'Brand', username: 'brandnew', country: 'US' } }),
  },
  {
    method: 'PATCH',
    path: '/business_access/business_hierarchy/{business_hierarchy_id}/brand_accounts/{brand_account_id}',
    scopes: readWriteBusiness,
    example: () => ({ params: { business_hierarchy_id: '1', brand_account_id: '7' }, body: { name: 'Renamed brand' } }),
  },
];

/** Every operation of the public API core, with its scopes and an example. */
export const OPERATIONS: Operation[] = [
  ...BUSINESS_OPERATIONS,
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
