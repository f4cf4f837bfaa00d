import type { Selectable } from 'kysely';

// Story pins (migration 0010, docs/decisions/0027-story-pins.md).

/** A story pin's pages: JSON of src/shared/story-pin.ts's StoryPinInput. `id` is the spec's storyPinDataId. */
export type StoryPinsTable = { id: string; pin_id: string; pages: string; metadata: string; created_at: number };
/** Each media a story's pages show: its files are as visible as the pin. */
export type StoryPinMediaTable = { pin_id: string; media_id: string };
export type StoryPinRow = Selectable<StoryPinsTable>;

// Reactions (migration 0011, docs/decisions/0029-reactions-and-closeup-preload.md).

/** A member's reaction to a pin (one per member and pin); the counts by type are kept beside them. */
export type PinReactionsTable = { pin_id: string; user_id: string; reaction_type: number; created_at: number };
export type PinReactionCountsTable = { pin_id: string; reaction_type: number; reaction_count: number };
