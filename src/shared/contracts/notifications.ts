import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../member-settings.ts';
import { NOTIFICATION_TYPES } from '../notifications.ts';
import { Bookmark, Id, restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';
import { UserCard } from './user-cards.ts';

/** One notification of the news hub: a group of people who did the same thing to the same subject. */
export const NotificationJson = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The newest people of the group, newest first (at most SHOWN_ACTORS); blocked people are left out. */
  actors: z.array(UserCard),
  actor_count: z.number().int(),
  pin: z.object({ id: z.string(), title: z.string() }).nullable(),
  board: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
  comment_id: z.string().nullable(),
  /** Where following the notification leads: the pin, the board, the person or the follow requests. */
  url: z.string(),
  updated_at: z.number(),
  seen: z.boolean(),
});
export type NotificationJson = z.infer<typeof NotificationJson>;

const UnseenCount = z.object({ news_hub_unseen_count: z.number().int() });

/**
 * NewsHubResource: get {bookmark?} a page of the caller's notifications, newest first; update
 * {notification_ids?} marks those seen (all of them when none are named) and answers the count left.
 */
export const NewsHubResource = resourceContract({
  name: 'NewsHubResource',
  verbs: {
    get: { input: z.object({ bookmark: Bookmark }), output: z.array(NotificationJson) },
    update: { input: z.object({ notification_ids: z.array(Id).min(1).max(100).optional() }), output: UnseenCount },
  },
});

/** NewsHubBadgeResource get: how many of the caller's notifications are unseen (the header's bell). */
export const NewsHubBadgeResource = resourceContract({
  name: 'NewsHubBadgeResource',
  verbs: { get: { input: z.object({}), output: UnseenCount } },
});

/** The settings as the spec gives them: groups (a kind of news) of options (a way of telling) with id and value. */
const Option = z.object({ id: z.string(), value: z.boolean() });
export const SettingsGroups = z.array(z.object({ id: z.enum(NOTIFICATION_KINDS), options: z.array(Option) }));
export type SettingsGroups = z.infer<typeof SettingsGroups>;

const GroupsChange = z
  .object({
    groups: z
      .array(
        z
          .object({
            id: z.enum(NOTIFICATION_KINDS),
            options: z
              .array(z.object({ id: z.string().max(40), value: z.boolean() }).strict())
              .min(1)
              .max(10),
          })
          .strict(),
      )
      .min(1)
      .max(NOTIFICATION_KINDS.length),
  })
  .strict();

/** GET /v3/settings/news/ and /v3/settings/push/: news in the app and by email; news by web push. */
export const SettingsGroupsGetRoute = { querystring: z.object({}), response: { 200: restAnswer(SettingsGroups) } };
/** PUT of either: the options named change, the rest stay; an option the page does not hold is refused. */
export const SettingsGroupsPutRoute = { body: GroupsChange, response: { 200: restAnswer(SettingsGroups) } };

/** PushKeyResource get: the instance's VAPID public key (base64url), which a browser subscribes with. */
export const PushKeyResource = resourceContract({
  name: 'PushKeyResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: z.object({}), output: z.object({ public_key: z.string() }) } },
});

/** A browser's PushSubscription as its toJSON gives it: an https endpoint and the two keys (base64url). */
const Base64Url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'a base64url string')
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), `${bytes} bytes in base64url`);
const PushEndpoint = z.url({ protocol: /^https$/, error: 'endpoint: an https URL of a push service' }).max(2000);

/**
 * PushSubscriptionResource: create {endpoint, keys} registers this device for the caller's news by
 * push (a device already registered moves to the caller); delete {endpoint} unregisters it.
 */
export const PushSubscriptionResource = resourceContract({
  name: 'PushSubscriptionResource',
  verbs: {
    create: {
      input: z.object({ endpoint: PushEndpoint, keys: z.object({ p256dh: Base64Url(65), auth: Base64Url(16) }).strict() }).strict(),
      output: z.object({ devices: z.number().int() }),
    },
    delete: { input: z.object({ endpoint: PushEndpoint }).strict(), output: z.object({ devices: z.number().int() }) },
  },
});

/** GET /v3/notifications/unsubscribe/?token=: the signed link of a news mail turns news by email off, without sign-in. */
export const UnsubscribeRoute = {
  querystring: z.object({ token: z.string().min(1).max(200) }).strict(),
  response: { 200: restAnswer(z.object({ email_news: z.literal(false) })) },
};

/** POST of the same link, as a mail client's one-click button sends it (RFC 8058: the form body below). */
export const UnsubscribePostRoute = { ...UnsubscribeRoute, body: z.object({ 'List-Unsubscribe': z.literal('One-Click') }) };
