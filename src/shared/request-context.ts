import type { BotType, DeviceKind } from './constants.ts';

/** Bot user agents by the bot types of spec section 9. */
const BOT_PATTERNS: readonly [BotType, RegExp][] = [
  ['google', /googlebot|google-inspectiontool|storebot-google|adsbot-google|mediapartners-google|googleother/i],
  ['microsoft', /bingbot|msnbot|bingpreview|adidxbot/i],
  ['apple', /applebot/i],
  ['yahoo', /yahoo! slurp|yahoo-mmcrawler|yahooseeker/i],
  ['yandex', /yandex(bot|images|mobilebot|accessibilitybot|metrika)?/i],
];

export function botType(userAgent: string): BotType | null {
  for (const [type, pattern] of BOT_PATTERNS) if (pattern.test(userAgent)) return type;
  return null;
}

export function deviceKind(userAgent: string): DeviceKind {
  if (/ipad/i.test(userAgent)) return 'ipad';
  if (/iphone|ipod/i.test(userAgent)) return 'iphone';
  if (/android/i.test(userAgent)) return /mobile/i.test(userAgent) ? 'android' : 'android_tablet';
  if (/mobile|opera mini|iemobile|blackberry/i.test(userAgent)) return 'mobile_other';
  return 'desktop';
}

/** Phones only: tablets get the desktop layout until the screen size class says otherwise. */
export function isMobileDevice(kind: DeviceKind): boolean {
  return kind === 'iphone' || kind === 'android' || kind === 'mobile_other';
}
