import type { ApiBoard } from '../boards/boards-v5.service.ts';
import type { BoardSection } from '../db/schema/boards-and-pins.ts';
import type { V5Board, V5Section } from '../../shared/contracts/v5-boards.ts';

/** A board in the reference's shape, from our own presentation of it. */
export function presentV5Board({ board, thumbnails }: ApiBoard): V5Board {
  const cover = board.cover_images;
  return {
    id: board.id,
    name: board.name,
    description: board.description,
    privacy: board.privacy === 'secret' ? 'SECRET' : 'PUBLIC',
    owner: { username: board.owner.username },
    created_at: board.created_at,
    ...(board.board_pins_modified_at ? { board_pins_modified_at: board.board_pins_modified_at } : {}),
    collaborator_count: board.collaborator_count,
    follower_count: board.follower_count,
    pin_count: board.pin_count,
    is_ads_only: false,
    media: { image_cover_url: (cover?.['600x315'] ?? cover?.['236x'])?.url ?? null, pin_thumbnail_urls: thumbnails },
  };
}

export function presentV5Section(section: BoardSection): V5Section {
  return { id: section.id, name: section.title };
}
