/**
 * The browser and device a session's User-Agent names, as the sessions list shows them. Only the
 * common families are told apart; anything else is named by what it is not ("Unknown browser").
 */
export type UserAgentSummary = { browser: string; device: string };

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const DEVICES: readonly [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android.*Mobile/, 'Android phone'],
  [/Android/, 'Android tablet'],
  [/CrOS/, 'Chromebook'],
  [/Windows/, 'Windows computer'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux computer'],
];

function firstMatch(userAgent: string, table: readonly [RegExp, string][], otherwise: string): string {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? otherwise;
}

export function summarizeUserAgent(userAgent: string | null): UserAgentSummary {
  const text = userAgent ?? '';
  return { browser: firstMatch(text, BROWSERS, 'Unknown browser'), device: firstMatch(text, DEVICES, 'Unknown device') };
}
