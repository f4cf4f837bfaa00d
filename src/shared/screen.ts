import { BUCKET_LG_MAX, BUCKET_XS_MAX, SCREEN_MD_MAX, SCREEN_SM_MAX } from './constants.ts';

export type ScreenSize = 'sm' | 'md' | 'lg';
export type StartupBucket = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** sm below 768 px, md below 1024 px, lg otherwise. */
export function screenSizeClass(width: number): ScreenSize {
  if (width < SCREEN_SM_MAX) return 'sm';
  if (width < SCREEN_MD_MAX) return 'md';
  return 'lg';
}

/** Start-up buckets: xs below 640, sm below 768, md below 1024, lg below 1280, xl above. */
export function startupBucket(width: number): StartupBucket {
  if (width < BUCKET_XS_MAX) return 'xs';
  if (width < SCREEN_SM_MAX) return 'sm';
  if (width < SCREEN_MD_MAX) return 'md';
  if (width < BUCKET_LG_MAX) return 'lg';
  return 'xl';
}

/** Toasts sit at the bottom on desktop and at the top elsewhere, 56 px down on a phone, 80 px otherwise. */
export function toastPlacement(size: ScreenSize): { edge: 'top' | 'bottom'; offsetPx: number } {
  if (size === 'lg') return { edge: 'bottom', offsetPx: 24 };
  return { edge: 'top', offsetPx: size === 'sm' ? 56 : 80 };
}
