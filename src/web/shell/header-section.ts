/** Which part of the site a path is in, for the header's and the phone bar's current link. */
export function headerSection(pathname: string): 'home' | 'today' | 'explore' | null {
  if (pathname === '/' || pathname.startsWith('/homefeed')) return 'home';
  if (pathname.startsWith('/today')) return 'today';
  if (/^\/(ideas|topics|videos|shopping)(\/|$)/.test(pathname)) return 'explore';
  return null;
}
