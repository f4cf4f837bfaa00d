/**
 * The choices of the settings areas a member makes about themselves (docs/decisions/0039): who
 * may reach them, what they are told and where, and where they live. Shared by the server's rules
 * and the settings pages' fields.
 */

/** Who may mention, comment on the pins of, or message a member: everyone, the people they follow, or nobody. */
export const INTERACTION_AUDIENCES = ['everyone', 'following', 'nobody'] as const;
export type InteractionAudience = (typeof INTERACTION_AUDIENCES)[number];

export const INTERACTIONS = ['mention', 'comment', 'message'] as const;
export type Interaction = (typeof INTERACTIONS)[number];

/**
 * Whether an audience lets someone in. A member always may reach themselves (commenting on one's
 * own pin, a note to self); `following` means people the owner follows, as a member expects: the
 * owner picked them, so they cannot be strangers who followed the owner to get in.
 */
export function audienceAllows(audience: InteractionAudience, relation: { isOwner: boolean; ownerFollowsActor: boolean }): boolean {
  if (relation.isOwner) return true;
  if (audience === 'everyone') return true;
  if (audience === 'following') return relation.ownerFollowsActor;
  return false;
}

/** The kinds of news a member can be told of, and the ways of telling (notification settings). */
export const NOTIFICATION_KINDS = ['new_followers', 'saves', 'comments', 'mentions', 'board_invitations', 'messages'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The longest custom_gender a member may give (as at sign-up). */
export const CUSTOM_GENDER_MAX_LENGTH = 60;

/** ISO 3166-1 alpha-2 codes of the countries a member may say they live in; their names come from Intl.DisplayNames. */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI ' +
  'BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN ' +
  'CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP ' +
  'NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI ' +
  'VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const COUNTRIES = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return COUNTRIES.has(code);
}
