import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { requireBoardAccess, requireNotArchived } from '../access/board.policy.ts';
import type { BoardPin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { PinChanges } from '../pins/pin.inputs.ts';
import { findVisiblePin, requirePinCreator } from '../access/pin.policy.ts';
import { createPin, deletePin, editPin, requireSectionOf } from '../pins/pins.service.ts';
import { moveSave, savePin } from '../pins/saves.service.ts';
import { userPins } from '../pins/user-pins.ts';
import { readerOf, writerOf, type Writer } from '../access/authorized.ts';
import { MAX_INLINE_IMAGE_CHARS, MediaSource, mediaOfSource } from './pin-media-source.ts';
import { presentV5Pin, presentV5Pins } from './pins.present.ts';
import { AdAccountQuery, CreativeTypes, emptyPage, kindsOf, PageQuery, paged, QueryFlag, requireScopes, SCOPES, usernameOf, V5Id } from './v5.http.ts';
import { visibleBoards } from '../access/visibility.repo.ts';

const tags = ['v5 pins'];

const PinParams = z.object({ pin_id: V5Id });
/** The save path's pin id has no pattern in the reference: anything that is not one of ours is not found. */
const SaveParams = z.object({ pin_id: z.string().max(64) });
const isOurId = (id: string) => /^\d+$/.test(id);

/** The reference's pin texts are nullable; null clears a text on update. */
const text = {
  title: PinChanges.shape.title.nullable(),
  description: PinChanges.shape.description.nullable(),
  alt_text: PinChanges.shape.alt_text.nullable(),
  link: PinChanges.shape.link.nullable(),
};

const absent = (message: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || v === null, message)
    .optional();

const PinCreateBody = z.object({
  board_id: V5Id,
  board_section_id: V5Id.nullable().optional(),
  media_source: MediaSource,
  ...text,
  // Computed from the picture; a colour sent here is checked, then not used.
  dominant_color: z.string().max(32).nullable().optional(),
  parent_pin_id: absent('To save an existing pin, use POST /v5/pins/{pin_id}/save.'),
  sponsor_id: absent('Paid partnerships (sponsor_id) are not supported.'),
});

const PinUpdateBody = z.object({
  ...text,
  board_id: V5Id.optional(),
  board_section_id: V5Id.nullable().optional(),
  carousel_slots: absent('Carousel pins are not supported.'),
});

const SaveBody = z.object({ board_id: V5Id.nullable().optional(), board_section_id: V5Id.nullable().optional() }).optional();

const PinQuery = AdAccountQuery.extend({ pin_metrics: QueryFlag.optional() });

const PinListQuery = PageQuery.extend({
  pin_filter: z.enum(['exclude_native', 'exclude_repins', 'has_been_promoted']).optional(),
  include_protected_pins: QueryFlag.optional(),
  pin_type: z.never({ error: 'Corkboard has no private pins (pin_type).' }).optional(),
  creative_types: CreativeTypes.optional(),
  pin_metrics: QueryFlag.optional(),
});

/** A pin's board is checked before its picture is stored, so a refused pin leaves no upload behind. */
async function requirePinTarget(deps: Deps, actor: Actor, boardId: string, sectionId: string | null | undefined): Promise<void> {
  const { board } = await requireBoardAccess(deps.db, writerOf(actor, 'pins:write'), boardId, 'write');
  requireNotArchived(board);
  await requireSectionOf(deps.db, board.id, sectionId);
}

/** The caller's own latest save of a pin on a board they may see: what "the pin's board" means when they move it. */
async function ownLatestSave(deps: Deps, writer: Writer, pinId: string): Promise<BoardPin> {
  const save = await deps.db
    .selectFrom('board_pins')
    .innerJoin('boards', 'boards.id', 'board_pins.board_id')
    .selectAll('board_pins')
    .where('board_pins.pin_id', '=', pinId)
    .where('board_pins.saved_by', '=', writer.userId)
    .where(visibleBoards(writer))
    .orderBy('board_pins.created_at', 'desc')
    .orderBy('board_pins.id', 'desc')
    .executeTakeFirst();
  if (!save) throw new AppError('conflict', 'This Pin is on none of your boards. Save it with POST /v5/pins/{pin_id}/save.');
  return save;
}

const orClear = (value: string | null | undefined) => (value === null ? '' : value);

/** /v5/pins: create (from an inline image or a registered video), read, list, change, delete, save. */
export function registerV5PinRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/v5/pins', {
    bodyLimit: MAX_INLINE_IMAGE_CHARS + 64 * 1024,
    schema: { tags, summary: 'Create a pin on a board (or a section of it)', querystring: AdAccountQuery, body: PinCreateBody },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writePins);
      const b = request.body;
      await requirePinTarget(deps, actor, b.board_id, b.board_section_id);
      const mediaId = await mediaOfSource(deps, actor, b.media_source);
      const fields = { title: b.title ?? undefined, description: b.description ?? undefined, alt_text: b.alt_text ?? undefined, link: b.link ?? undefined };
      const { pin, save } = await createPin(deps, actor, { board_id: b.board_id, section_id: b.board_section_id, media_id: mediaId, ...fields });
      return reply.code(201).send(await presentV5Pin(deps, readerOf(actor), { pin, save }));
    },
  });

  typed.get('/v5/pins', {
    schema: { tags, summary: 'The pins the token user created, newest first', querystring: PinListQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoardPins);
      const q = request.query;
      const kinds = kindsOf(q.creative_types);
      // Every pin listed here is the user's own creation: a save shares a pin rather than making a
      // repin of it, and no pin has been promoted, so these filters leave nothing.
      if (kinds === null || q.pin_filter === 'exclude_native' || q.pin_filter === 'has_been_promoted') return emptyPage();
      const { pins, bookmark } = await userPins(deps, actor, { username: await usernameOf(deps, actor), bookmark: q.bookmark, pageSize: q.page_size, kinds });
      return paged(
        await presentV5Pins(
          deps,
          readerOf(actor),
          pins.map((pin) => ({ pin })),
          { metrics: q.pin_metrics },
        ),
        bookmark,
      );
    },
  });

  typed.get('/v5/pins/:pin_id', {
    schema: { tags, summary: 'A pin the token user may see', params: PinParams, querystring: PinQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readBoardPins);
      const pin = await findVisiblePin(deps.db, readerOf(actor), request.params.pin_id);
      return presentV5Pin(deps, readerOf(actor), { pin }, { metrics: request.query.pin_metrics });
    },
  });

  typed.patch('/v5/pins/:pin_id', {
    schema: {
      tags,
      summary: "Change a pin's texts (its creator) or move it to another board or section",
      params: PinParams,
      querystring: AdAccountQuery,
      body: PinUpdateBody,
    },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.writePins);
      const { board_id, board_section_id, title, description, alt_text, link } = request.body;
      const changes = { title: orClear(title), description: orClear(description), alt_text: orClear(alt_text), link: orClear(link) };
      const edits = Object.values(changes).some((v) => v !== undefined);
      const writer = writerOf(actor, 'pins:write');
      let pin = await findVisiblePin(deps.db, writer, request.params.pin_id);
      // Both checks come before either change, so a refused update changes nothing.
      if (edits) await requirePinCreator(deps.db, writer, pin.id);
      let save: BoardPin | undefined;
      if (board_id !== undefined || board_section_id !== undefined) {
        const own = await ownLatestSave(deps, writer, pin.id);
        save = await moveSave(deps, actor, own.id, { boardId: board_id, sectionId: board_section_id });
      }
      if (edits) pin = await editPin(deps, actor, pin.id, changes);
      return presentV5Pin(deps, readerOf(actor), { pin, save });
    },
  });

  typed.delete('/v5/pins/:pin_id', {
    schema: { tags, summary: 'Delete a pin (its creator): it leaves every board', params: PinParams, querystring: AdAccountQuery },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writePins);
      await deletePin(deps, actor, request.params.pin_id);
      return reply.code(204).send();
    },
  });

  typed.post('/v5/pins/:pin_id/save', {
    schema: {
      tags,
      summary: 'Save a pin to a board or section; without a board, a quick save',
      params: SaveParams,
      querystring: AdAccountQuery,
      body: SaveBody,
    },
    handler: async (request, reply) => {
      const actor = requireScopes(request.actor, SCOPES.writePins);
      const body = request.body ?? {};
      if (!isOurId(request.params.pin_id)) throw new AppError('not_found');
      const save = await savePin(deps, actor, { pinId: request.params.pin_id, boardId: body.board_id ?? undefined, sectionId: body.board_section_id });
      const pin = await findVisiblePin(deps.db, readerOf(actor), save.pin_id);
      return reply.code(201).send(await presentV5Pin(deps, readerOf(actor), { pin, save }));
    },
  });
}
