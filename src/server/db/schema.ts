import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { SkinToneRange } from '../../shared/skin-tone.ts';

/**
 * Table types. Portable across SQLite and PostgreSQL: ids are text, times are epoch
 * milliseconds (bigint), flags are 0/1 integers. See docs/decisions/0003-portable-schema.md.
 */
export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  personal_access_tokens: PersonalAccessTokensTable;
  browser_accounts: BrowserAccountsTable;
  jobs: JobsTable;
  media: MediaTable;
  media_registrations: MediaRegistrationsTable;
  user_profiles: UserProfilesTable;
  boards: BoardsTable;
  board_sections: BoardSectionsTable;
  board_collaborators: BoardCollaboratorsTable;
  pins: PinsTable;
  board_pins: BoardPinsTable;
  hidden_pins: HiddenPinsTable;
  user_follows: UserFollowsTable;
  board_follows: BoardFollowsTable;
  interests: InterestsTable;
  interest_follows: InterestFollowsTable;
  blocks: BlocksTable;
  pin_sources: PinSourcesTable;
  site_verification_codes: SiteVerificationCodesTable;
  user_websites: UserWebsitesTable;
  search_pins: SearchPinsTable;
  search_boards: SearchBoardsTable;
  search_users: SearchUsersTable;
  /** Pins a bulk change made stale: left out of results until the job reindexes them. */
  search_stale_pins: SearchPinMarkTable;
  /** Pins a save, unsave or move changed: still found as indexed until the job catches up. */
  search_pending_pins: SearchPinMarkTable;
  search_terms: SearchTermsTable;
  recent_searches: RecentSearchesTable;
  pin_video_views: PinVideoViewsTable;
  story_pins: StoryPinsTable;
  story_pin_media: StoryPinMediaTable;
  pin_reactions: PinReactionsTable;
  pin_reaction_counts: PinReactionCountsTable;
  today_articles: TodayArticlesTable;
  today_article_pins: TodayArticlePinsTable;
  today_trend_runs: TodayTrendRunsTable;
};

export type Flag = 0 | 1;

export type UsersTable = {
  id: string;
  email: string;
  username: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  country: string;
  locale: string;
  gender: string | null;
  custom_gender: string | null;
  birthday: string | null;
  is_partner: Flag;
  business_name: string | null;
  is_employee: Flag;
  email_verified_at: number | null;
  allow_personalization_cookies: Flag;
  allow_analytic_cookies: Flag;
  allow_marketing_cookies: Flag;
  mfa_secret: string | null;
  /** The last TOTP time step accepted, so a code cannot be replayed within its window. */
  mfa_last_step: number | null;
  /** JSON: referrer, utm_campaign, utm_content and invite_code given at sign-up. */
  signup_source: string | null;
  created_at: number;
  updated_at: number;
};

export type SessionsTable = {
  /** SHA-256 of the cookie value: a database leak does not leak live sessions. */
  id_hash: string;
  user_id: string;
  csrf_secret: string;
  limited_login: Flag;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
};

export type OneTimeTokensTable = {
  token_hash: string;
  user_id: string;
  /** mfa_setup: the hash of a two-factor secret shown to its owner and not yet confirmed. */
  purpose: 'verify_email' | 'handshake' | 'mfa_pending' | 'mfa_setup';
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type PersonalAccessTokensTable = {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
};

/** The accounts used in one browser (the multiple-accounts map); the browser id is hashed. */
export type BrowserAccountsTable = {
  browser_hash: string;
  user_id: string;
  logged_in: Flag;
  last_login_at: number;
};

export type JobsTable = {
  id: Generated<number>;
  type: string;
  payload: string;
  dedupe_key: string | null;
  run_at: number;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  done_at: number | null;
  created_at: number;
};

/**
 * An uploaded image or video and what processing made of it (migration 0002,
 * docs/decisions/0008-media-pipeline.md). `images` and `videos` are JSON written once, when the
 * media turns ready, after every file they name is stored.
 */
export type MediaTable = {
  id: string;
  owner_id: string;
  kind: 'image' | 'video';
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  /** The sniffed type of the upload (image/jpeg, video/mp4, ...). */
  source_type: string;
  source_size: number;
  /** The uploaded file in the blob store while it waits for processing; never served. */
  upload_key: string | null;
  /** Random per media: mixed into every file key so keys cannot be derived from a picture. */
  key_salt: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  dominant_color: string | null;
  /** ThumbHash, base64. */
  placeholder: string | null;
  /** 32 hex characters of the SHA-256 of the stored original: the spec's imageSignature. */
  signature: string | null;
  /** Visual features for similarity, 73 bytes (layout in src/server/media/features.ts). */
  features: Uint8Array | null;
  /** The skin tone range the picture shows or 'none'; null until analysed (migration 0013). */
  skin_tone: SkinToneRange | 'none' | null;
  /** JSON: size -> {key, width, height, content_type}. */
  images: string | null;
  /** JSON: format -> {key, width, height, duration_ms}. */
  videos: string | null;
  created_at: number;
  updated_at: number;
};

/**
 * An upload announced before its file arrives (the public API's two-step media upload, migration
 * 0005, docs/decisions/0011-public-api-v5.md). Its id is the id the media row takes once the file
 * is accepted; until then only the hash of its one-time upload secret is kept.
 */
export type MediaRegistrationsTable = {
  id: string;
  owner_id: string;
  /** The personal access token that registered it: the upload acts as that token while it lives. */
  token_id: string;
  media_type: 'video';
  upload_secret_hash: string;
  expires_at: number;
  /** When the file was claimed for this registration; one file per registration. */
  uploaded_at: number | null;
  /** Why the file was refused (not a video, too large, ...); the registration is then failed. */
  failure_reason: string | null;
  created_at: number;
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Media = Selectable<MediaTable>;
export type MediaRegistration = Selectable<MediaRegistrationsTable>;

// Boards, pins and social (migration 0003, docs/decisions/0009-boards-and-pins-model.md).

/**
 * The public profile and the counters of a user, one row per user, made on first use. Counters
 * change in the transaction of the change that moves them and never go below 0; the secret_*
 * counters are the part that only the user may see.
 */
export type UserProfilesTable = {
  user_id: string;
  about: Generated<string>;
  website_url: string | null;
  image_media_id: string | null;
  pin_count: Generated<number>;
  secret_pin_count: Generated<number>;
  board_count: Generated<number>;
  secret_board_count: Generated<number>;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  /** Set when a pin or board deletion changed the profile's pins; cleared when the owner reloads them. */
  profile_pins_stale_at: number | null;
  updated_at: number;
};

export type BoardPrivacy = 'public' | 'secret';

export type BoardsTable = {
  id: string;
  owner_id: string;
  name: string;
  /** Unique per owner, made from the name: the board's URL is /<username>/<slug>/. */
  slug: string;
  description: Generated<string>;
  privacy: BoardPrivacy;
  /** The 'Quick saves' board made by a save without a board; the next board created takes its place. */
  is_quicksave: Generated<Flag>;
  cover_pin_id: string | null;
  archived_at: number | null;
  /** An ownership transfer offered to this collaborator and not yet accepted. */
  pending_owner_id: string | null;
  pin_count: Generated<number>;
  sectionless_pin_count: Generated<number>;
  section_count: Generated<number>;
  follower_count: Generated<number>;
  collaborator_count: Generated<number>;
  /** When a pin was last saved to or removed from the board. */
  pins_modified_at: number | null;
  created_at: number;
  updated_at: number;
};

export type BoardSectionsTable = {
  id: string;
  board_id: string;
  title: string;
  pin_count: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type CollaboratorStatus = 'invited' | 'requested' | 'accepted';

export type BoardCollaboratorsTable = {
  board_id: string;
  user_id: string;
  status: CollaboratorStatus;
  /** Write is every accepted collaborator's; delete (others' pins, sections) is given on approval. */
  can_delete: Generated<Flag>;
  invited_by: string | null;
  created_at: number;
  updated_at: number;
};

export type PinKind = 'image' | 'video';

/** One piece of content; where it appears is in board_pins. */
export type PinsTable = {
  id: string;
  creator_id: string;
  title: Generated<string>;
  description: Generated<string>;
  alt_text: Generated<string>;
  link: string | null;
  domain: string | null;
  media_id: string | null;
  kind: PinKind;
  comments_disabled: Generated<Flag>;
  is_unsafe: Generated<Flag>;
  /** How many boards hold the pin (the spec's repin count); a pin no board holds is deleted. */
  save_count: Generated<number>;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
};

/** A save: a pin on a board (and maybe a section). Its id is the spec's localPinId. */
export type BoardPinsTable = {
  id: string;
  pin_id: string;
  board_id: string;
  section_id: string | null;
  saved_by: string | null;
  created_at: number;
};

export type HiddenPinsTable = { user_id: string; pin_id: string; created_at: number };
export type UserFollowsTable = { follower_id: string; followee_id: string; created_at: number };
export type BoardFollowsTable = { user_id: string; board_id: string; created_at: number };
export type InterestsTable = { id: string; name: string; slug: string; follower_count: Generated<number>; created_at: number };
export type InterestFollowsTable = { user_id: string; interest_id: string; created_at: number };
export type BlocksTable = { blocker_id: string; blocked_id: string; created_at: number };

export type UserProfile = Selectable<UserProfilesTable>;
export type Board = Selectable<BoardsTable>;
export type BoardSection = Selectable<BoardSectionsTable>;
export type BoardCollaborator = Selectable<BoardCollaboratorsTable>;
export type Pin = Selectable<PinsTable>;
export type BoardPin = Selectable<BoardPinsTable>;
export type Interest = Selectable<InterestsTable>;

// Pins from web pages and verified websites (migration 0004, docs/decisions/0010-outbound-fetch.md).

/** The page a pin was made from: the spec's attribution, and the schema.org data read from it. */
export type PinSourcesTable = {
  pin_id: string;
  /** The address the member gave. */
  source_url: string;
  canonical_url: string | null;
  image_url: string;
  provider_name: string | null;
  author_name: string | null;
  author_url: string | null;
  /** A Creative Commons licence the page declared (the spec's ccUrl). */
  license_url: string | null;
  /** JSON: {src, type, width, height} of the page's Open Graph video. */
  embed: string | null;
  /** JSON: {product, recipe, article} as read from the page's JSON-LD. */
  rich_metadata: string | null;
  fetched_at: number;
};

/** The code a member puts in a meta tag on a site to verify it; one per member. */
export type SiteVerificationCodesTable = { user_id: string; code: string; created_at: number };

/** A website a member verified: `website` is host[:port][/path], `domain` the host without www. */
export type UserWebsitesTable = { user_id: string; website: string; url: string; domain: string; verified_at: number };

export type PinSource = Selectable<PinSourcesTable>;
export type UserWebsite = Selectable<UserWebsitesTable>;


// Text search (migration 0006, docs/decisions/0018-search.md). Text columns hold folded words
// (src/server/search/search-text.ts), stemmed for pins (migration 0012, decision 0026); the
// full-text index over them is the database's own.

/** A pin as the search index holds it; `is_public`: live, safe and on at least one public board. */
export type SearchPinsTable = {
  pin_id: string;
  title: string;
  description: string;
  /** The names of the public boards and sections holding the pin. */
  boards: string;
  /** Product and recipe fields of the page the pin came from. */
  product: string;
  domain: string;
  /** The distinct words of the text fields: the vocabulary counts and search guides read them. */
  terms: string;
  is_public: Flag;
  is_video: Flag;
  is_product: Flag;
  price: number | null;
  in_stock: Flag | null;
  /** The pin's save count and creation time when the document was built: ranking reads them here (migration 0012). */
  save_count: number;
  created_at: number;
  indexed_at: number;
};

export type SearchBoardsTable = { board_id: string; name: string; description: string };
export type SearchUsersTable = { user_id: string; username: string; full_name: string };
/** A pin waiting for the reindex job, since when. */
export type SearchPinMarkTable = { pin_id: string; marked_at: number };
/** The words of listed pins and how many hold each (spelling correction, typeahead). */
export type SearchTermsTable = { term: string; reversed: string; doc_count: number };

/** A member's recent search; `query_key` is the query trimmed and lower-cased (the spec's comparison). */
export type RecentSearchesTable = {
  user_id: string;
  list: 'recent' | 'personal';
  query_key: string;
  query: string;
  scope: string;
  searched_at: number;
};

/** Views of a video pin (migration 0009): counted apart from the pin, so a view is no content change. */
export type PinVideoViewsTable = { pin_id: string; view_count: number };

/** A member's reaction to a pin (one per member and pin); the counts by type are kept beside them. */
export type PinReactionsTable = { pin_id: string; user_id: string; reaction_type: number; created_at: number };
export type PinReactionCountsTable = { pin_id: string; reaction_type: number; reaction_count: number };

// Story pins (migration 0010, docs/decisions/0027-story-pins.md).

/** A story pin's pages: JSON of src/shared/story-pin.ts's StoryPinInput. `id` is the spec's storyPinDataId. */
export type StoryPinsTable = { id: string; pin_id: string; pages: string; metadata: string; created_at: number };
/** Each media a story's pages show: its files are as visible as the pin. */
export type StoryPinMediaTable = { pin_id: string; media_id: string };
export type StoryPinRow = Selectable<StoryPinsTable>;

export type SearchPinDocument = Selectable<SearchPinsTable>;
export type RecentSearchRow = Selectable<RecentSearchesTable>;

// Today's articles (migration 0008, docs/decisions/0024-discovery-pages.md).

/**
 * An article of the Today tab for a region and a day: curated by an operator, or made from the
 * week's trends when no operator curated that day. Its pins are its own list (`pins`), a topic's
 * (`interest`) or a search's (`search`).
 */
export type TodayArticlesTable = {
  id: string;
  /** A region of viewer spec section 9, as en_US. */
  region: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  origin: 'curated' | 'trend';
  position: number;
  title: string;
  /** 0 and 2 trending, 1 best of, 3 editorial (src/shared/today-paths.ts). */
  kind: number;
  is_shop: Flag;
  source: 'pins' | 'interest' | 'search';
  interest_id: string | null;
  query: string | null;
  cover_pin_id: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
};

export type TodayArticlePinsTable = { article_id: string; pin_id: string; position: number };
export type TodayTrendRunsTable = { region: string; day: string; made_at: number };
export type TodayArticle = Selectable<TodayArticlesTable>;
