export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(entries: Record<string, string>): void {
  try {
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; start-up values are a convenience only.
  }
}
