import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import {
  CUSTOM_GENDER_MAX_LENGTH,
  INTERACTION_AUDIENCES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  isCountryCode,
  type NotificationChannel,
  type NotificationKind,
} from '../member-settings.ts';
import { Email } from '../validation/email.ts';
import { Passcode } from '../validation/parental-passcode.ts';
import { GivenPassword } from '../validation/password.ts';
import { GENDERS, lineText } from '../validation/signup.ts';
import { Username } from '../validation/username.ts';
import { restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';

/*
 * The settings areas a member keeps about themselves (docs/decisions/0039-member-settings.md).
 * Each get answers the area's current choices; each update takes any of them and answers the
 * choices after the change. An update that names nothing to change is refused.
 */

const NOTHING = 'Nothing to change.';
const someField = (value: object) => Object.values(value).some((v) => v !== undefined);

const Country = z
  .string()
  .transform((c) => c.toUpperCase())
  .refine(isCountryCode, 'Please choose a country.');

export const AccountSettings = z.object({
  username: z.string(),
  email: z.string(),
  country: z.string(),
  locale: z.string(),
  gender: z.enum(GENDERS).nullable(),
  custom_gender: z.string().nullable(),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

export const AccountSettingsChange = z
  .object({
    username: Username.optional(),
    country: Country.optional(),
    locale: z.enum(LOCALES, 'Please choose a language.').optional(),
    gender: z.enum(GENDERS, 'Please choose a gender.').optional(),
    custom_gender: lineText(CUSTOM_GENDER_MAX_LENGTH)
      .transform((v) => v.trim())
      .optional(),
  })
  .refine(someField, NOTHING)
  .refine((c) => c.gender !== 'custom' || (c.custom_gender ?? '') !== '', { message: 'Required', path: ['custom_gender'] });
export type AccountSettingsChange = z.infer<typeof AccountSettingsChange>;

/** AccountSettingsResource: username, country, language and gender of the signed-in member. */
export const AccountSettingsResource = resourceContract({
  name: 'AccountSettingsResource',
  verbs: { get: { input: z.object({}), output: AccountSettings }, update: { input: AccountSettingsChange, output: AccountSettings } },
});

export const PrivacySettings = z.object({
  is_private_profile: z.boolean(),
  /** Search-engine indexing off: every page of the member says noindex and leaves the sitemaps. */
  exclude_from_search: z.boolean(),
  allow_personalization_cookies: z.boolean(),
  allow_analytic_cookies: z.boolean(),
  allow_marketing_cookies: z.boolean(),
});
export type PrivacySettings = z.infer<typeof PrivacySettings>;

export const PrivacySettingsChange = z
  .object({
    is_private_profile: z.boolean().optional(),
    exclude_from_search: z.boolean().optional(),
    allow_personalization_cookies: z.boolean().optional(),
    allow_analytic_cookies: z.boolean().optional(),
    allow_marketing_cookies: z.boolean().optional(),
  })
  .refine(someField, NOTHING);

/** PrivacySettingsResource: private profile, search-engine indexing and the three consents. */
export const PrivacySettingsResource = resourceContract({
  name: 'PrivacySettingsResource',
  verbs: { get: { input: z.object({}), output: PrivacySettings }, update: { input: PrivacySettingsChange, output: PrivacySettings } },
});

const Audience = z.enum(INTERACTION_AUDIENCES, 'Please choose everyone, people you follow or nobody.');

export const InteractionSettings = z.object({
  mention_audience: Audience,
  comment_audience: Audience,
  message_audience: Audience,
  /** Whether a mention notifies the member. */
  mention_notifications: z.boolean(),
  /** Whether people outside the message audience may ask to start a conversation. */
  contact_requests: z.boolean(),
});
export type InteractionSettings = z.infer<typeof InteractionSettings>;

export const InteractionSettingsChange = z
  .object({
    mention_audience: Audience.optional(),
    comment_audience: Audience.optional(),
    message_audience: Audience.optional(),
    mention_notifications: z.boolean().optional(),
    contact_requests: z.boolean().optional(),
  })
  .refine(someField, NOTHING);
export type InteractionSettingsChange = z.infer<typeof InteractionSettingsChange>;

/** InteractionSettingsResource: the permissions, mentions and messages areas. */
export const InteractionSettingsResource = resourceContract({
  name: 'InteractionSettingsResource',
  verbs: { get: { input: z.object({}), output: InteractionSettings }, update: { input: InteractionSettingsChange, output: InteractionSettings } },
});

const Channels = z.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<NotificationChannel, z.ZodBoolean>);
const ChannelsChange = z
  .object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean().optional()])) as Record<NotificationChannel, z.ZodOptional<z.ZodBoolean>>)
  .strict();

export const NotificationSettings = z.object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Channels])) as Record<NotificationKind, typeof Channels>);
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsChange = z
  .object(Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, ChannelsChange.optional()])) as Record<NotificationKind, z.ZodOptional<typeof ChannelsChange>>)
  .strict()
  .refine((c) => Object.values<object | undefined>(c).some((channels) => channels !== undefined && someField(channels)), NOTHING);
export type NotificationSettingsChange = z.infer<typeof NotificationSettingsChange>;

/** NotificationSettingsResource: for each kind of news, whether it comes in the app, by email, by push. */
export const NotificationSettingsResource = resourceContract({
  name: 'NotificationSettingsResource',
  verbs: { get: { input: z.object({}), output: NotificationSettings }, update: { input: NotificationSettingsChange, output: NotificationSettings } },
});

/** The parental passcode goes along when the account has one: the email is a protected setting. */
export const EmailChangePayload = z.object({ new_email: Email, password: GivenPassword, parental_passcode: Passcode.optional() });
export type EmailChangePayload = z.infer<typeof EmailChangePayload>;
export const EmailChangeConfirmPayload = z.object({ token: z.string().min(1, 'Required').max(256) });
export type EmailChangeConfirmPayload = z.infer<typeof EmailChangeConfirmPayload>;

/** POST /v3/users/me/email/: mails a confirmation link to the new address; the email stays until it is followed. */
export const EmailChangeRoute = { body: EmailChangePayload, response: { 200: restAnswer(z.object({ pending_email: z.string() })) } };
/** POST /v3/users/me/email/confirm/: spends the mailed token and makes its address the account's. */
export const EmailChangeConfirmRoute = { body: EmailChangeConfirmPayload, response: { 200: restAnswer(z.object({ email: z.string() })) } };
