import type { AccountDeletionsTable, AccountExportsTable, MfaRecoveryCodesTable, ParentalPasscodesTable } from './schema/account-security.ts';
import type { BrowserAccountsTable, OneTimeTokensTable, PersonalAccessTokensTable, SessionsTable, UserNuxTable, UsersTable } from './schema/accounts.ts';
import type {
  BlocksTable,
  BoardCollaboratorsTable,
  BoardFollowsTable,
  BoardPinsTable,
  BoardSectionsTable,
  BoardsTable,
  FollowRequestsTable,
  HiddenPinsTable,
  InterestFollowsTable,
  InterestsTable,
  PinsTable,
  PinVideoViewsTable,
  UserFollowsTable,
  UserProfilesTable,
} from './schema/boards-and-pins.ts';
import type { BoardActionsTable } from './schema/board-actions.ts';
import type {
  AssetGrantsTable,
  AssetGroupAssetsTable,
  BusinessAssetsTable,
  BusinessChildrenTable,
  BusinessHistoryTable,
  BusinessInvitesTable,
  BusinessMembersTable,
  BusinessPartnersTable,
} from './schema/businesses.ts';
import type { DidItHelpfulTable, DidItReactionsTable, DidItsTable, PinDidItCountsTable } from './schema/did-its.ts';
import type { DomainEventsTable, EventPositionsTable } from './schema/events.ts';
import type { TodayArticlePinsTable, TodayArticlesTable, TodayTrendRunsTable } from './schema/discovery.ts';
import type { ExperimentExposuresTable, ExperimentsTable, MemberExperiencesTable, TelemetryCountsTable, TelemetryLatencyTable } from './schema/experiments.ts';
import type { JobsTable } from './schema/jobs.ts';
import type { NotificationActorsTable, NotificationsTable } from './schema/notifications.ts';
import type { InstanceKeysTable, NotificationDeliveriesTable, NotificationDigestsTable, PushSubscriptionsTable } from './schema/delivery.ts';
import type {
  FeedbackTable,
  MemberRestrictionsTable,
  ModeratedPinsTable,
  ModerationActionsTable,
  ModerationCasesTable,
  ModerationNoticesTable,
  ReportsTable,
} from './schema/moderation.ts';
import type { MediaRegistrationsTable, MediaTable } from './schema/media.ts';
import type { PinSourcesTable, SiteVerificationCodesTable, UserWebsitesTable } from './schema/pin-sources.ts';
import type { RecentSearchesTable, SearchBoardsTable, SearchPinMarkTable, SearchPinsTable, SearchTermsTable, SearchUsersTable } from './schema/search.ts';
import type { EmailChangesTable, MemberSettingsTable, NotificationSettingsTable } from './schema/settings.ts';
import type {
  CommentFlagsTable,
  CommentHelpfulTable,
  CommentMentionsTable,
  CommentReactionsTable,
  CommentsTable,
  CommentTranslationsTable,
} from './schema/comments.ts';
import type {
  ConversationMembersTable,
  ConversationsTable,
  InviteCodesTable,
  MemberLogHeadsTable,
  MemberLogTable,
  MessageSettingsTable,
  MessagesTable,
} from './schema/live-messages.ts';
import type { PinReactionCountsTable, PinReactionsTable, StoryPinMediaTable, StoryPinsTable } from './schema/stories-and-reactions.ts';

/**
 * The database as Kysely sees it, assembled from the table types of each area (schema/*.ts,
 * imported from there by their readers). Portable across SQLite and PostgreSQL: ids are text, times are epoch
 * milliseconds (bigint), flags are 0/1 integers. See docs/decisions/0003-portable-schema.md.
 */
export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  personal_access_tokens: PersonalAccessTokensTable;
  browser_accounts: BrowserAccountsTable;
  user_nux: UserNuxTable;
  jobs: JobsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  instance_keys: InstanceKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_digests: NotificationDigestsTable;
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
  /** Pins whose documents an upgrade left behind (migration 0012): still found as indexed until the job catches up. */
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
  domain_events: DomainEventsTable;
  event_positions: EventPositionsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  parental_passcodes: ParentalPasscodesTable;
  account_exports: AccountExportsTable;
  account_deletions: AccountDeletionsTable;
  experiments: ExperimentsTable;
  experiment_exposures: ExperimentExposuresTable;
  member_experiences: MemberExperiencesTable;
  telemetry_counts: TelemetryCountsTable;
  telemetry_latency: TelemetryLatencyTable;
  member_settings: MemberSettingsTable;
  notification_settings: NotificationSettingsTable;
  email_changes: EmailChangesTable;
  moderation_cases: ModerationCasesTable;
  reports: ReportsTable;
  moderation_actions: ModerationActionsTable;
  moderation_notices: ModerationNoticesTable;
  member_restrictions: MemberRestrictionsTable;
  moderated_pins: ModeratedPinsTable;
  feedback: FeedbackTable;
  did_its: DidItsTable;
  did_it_reactions: DidItReactionsTable;
  did_it_helpful: DidItHelpfulTable;
  pin_did_it_counts: PinDidItCountsTable;
  follow_requests: FollowRequestsTable;
  board_actions: BoardActionsTable;
  comments: CommentsTable;
  comment_reactions: CommentReactionsTable;
  comment_helpful: CommentHelpfulTable;
  comment_mentions: CommentMentionsTable;
  comment_flags: CommentFlagsTable;
  comment_translations: CommentTranslationsTable;
  member_log_heads: MemberLogHeadsTable;
  member_log: MemberLogTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  message_settings: MessageSettingsTable;
  invite_codes: InviteCodesTable;
  business_members: BusinessMembersTable;
  business_partners: BusinessPartnersTable;
  business_assets: BusinessAssetsTable;
  asset_group_assets: AssetGroupAssetsTable;
  asset_grants: AssetGrantsTable;
  business_invites: BusinessInvitesTable;
  business_children: BusinessChildrenTable;
  business_history: BusinessHistoryTable;
};
