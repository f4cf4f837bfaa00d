import { nextAfterLogin } from '../../shared/next-location.ts';

/** Only a path on this site may follow sign-in: never `//other.example` or a full URL. */
export function safeNext(search: string): string {
  return nextAfterLogin(search, window.location.origin);
}
