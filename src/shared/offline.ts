import { OFFLINE_BANNER_HIDE_MS } from './constants.ts';

/** Offline banner of spec section 4: hidden, offline, backOnline; backOnline hides after 2 s. */
export type OfflineBannerState = 'hidden' | 'offline' | 'backOnline';

export type ConnectivityEvent = 'offline' | 'online' | 'timeout';

export function nextBannerState(state: OfflineBannerState, event: ConnectivityEvent): OfflineBannerState {
  switch (event) {
    case 'offline':
      return 'offline';
    case 'online':
      return state === 'offline' ? 'backOnline' : state;
    case 'timeout':
      return state === 'backOnline' ? 'hidden' : state;
  }
}

/** How long the state lasts before a 'timeout' event, or null when it lasts until the network changes. */
export function bannerTimeoutMs(state: OfflineBannerState): number | null {
  return state === 'backOnline' ? OFFLINE_BANNER_HIDE_MS : null;
}
