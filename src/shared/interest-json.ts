/**
 * A topic (interest) as the server presents it to the topic, ideas and Today pages and the
 * closeup's related interests (src/server/social/topics.ts). Declared once for both sides.
 */
export type InterestJson = { type: 'interest'; id: string; name: string; slug: string; url: string; follower_count: number; is_followed: boolean };

/**
 * A topic of the ideas index, with its best pin as its cover. `Pin` is each side's own pin JSON:
 * the server's whole presented pin, or the fields the browser reads of it.
 */
export type IdeaJson<Pin> = InterestJson & { cover_pin: Pin | null };
