import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../errors.ts';
import type { PinItem } from '../pins/pins.present.ts';
import { deletePin } from '../pins/pins.service.ts';
import { changePin, createPinWithMedia, findPin, presentPinsForApi, savePinAndRead } from '../pins/pins-v5.service.ts';
import { userPins } from '../pins/user-pins.ts';
import { ownAccount } from '../users/own-account.service.ts';
import { CreatePin, DeletePin, GetPin, ListPins, MAX_INLINE_IMAGE_CHARS, SavePin, UpdatePin, type V5Pin } from '../../shared/contracts/v5-pins.ts';
import { mediaOfSource } from './pin-media-source.ts';
import { presentV5Pin, presentV5Pins, type V5PinOptions } from './pins.present.ts';
import { emptyPage, kindsOf, paged } from './v5.http.ts';

const tags = ['v5 pins'];

const isOurId = (id: string) => /^\d+$/.test(id);

/** The reference's pin texts are nullable: null clears a text, as our empty text. */
const orClear = (value: string | null | undefined) => (value === null ? '' : value);
const orUnset = (value: string | null | undefined) => value ?? undefined;

async function presentV5PinFor(deps: Deps, actor: Actor, item: PinItem, options: V5PinOptions = {}): Promise<V5Pin> {
  const [shown] = await presentPinsForApi(deps, actor, [item]);
  if (!shown) throw new Error('a pin presents as one pin');
  return presentV5Pin(shown, options);
}

/** /v5/pins: create (from an inline image, an image URL or a registered video), read, list, change, delete, save. */
export function registerV5PinRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post('/v5/pins', {
    bodyLimit: MAX_INLINE_IMAGE_CHARS + 64 * 1024,
    schema: { tags, summary: 'Create a pin on a board (or a section of it)', ...CreatePin.schema },
    config: { scopes: CreatePin.scopes },
    handler: async (request, reply) => {
      const b = request.body;
      const fields = {
        board_id: b.board_id,
        section_id: b.board_section_id,
        title: orUnset(b.title),
        description: orUnset(b.description),
        alt_text: orUnset(b.alt_text),
        link: orUnset(b.link),
      };
      const item = await createPinWithMedia(deps, request.actor, fields, () => mediaOfSource(deps, request.actor, b.media_source));
      return reply.code(201).send(await presentV5PinFor(deps, request.actor, item));
    },
  });

  typed.get('/v5/pins', {
    schema: { tags, summary: 'The pins the token user created, newest first', ...ListPins.schema },
    config: { scopes: ListPins.scopes },
    handler: async (request) => {
      const q = request.query;
      const kinds = kindsOf(q.creative_types);
      // Every pin listed here is the user's own creation: a save shares a pin rather than making a
      // repin of it, and no pin has been promoted, so these filters leave nothing.
      if (kinds === null || q.pin_filter === 'exclude_native' || q.pin_filter === 'has_been_promoted') return emptyPage();
      const { username } = await ownAccount(deps, request.actor);
      const { pins, bookmark } = await userPins(deps, request.actor, { username, bookmark: q.bookmark, pageSize: q.page_size, kinds });
      const shown = await presentPinsForApi(
        deps,
        request.actor,
        pins.map((pin) => ({ pin })),
      );
      return paged(presentV5Pins(shown, { metrics: q.pin_metrics }), bookmark);
    },
  });

  typed.get('/v5/pins/:pin_id', {
    schema: { tags, summary: 'A pin the token user may see', ...GetPin.schema },
    config: { scopes: GetPin.scopes },
    handler: async (request) => {
      const pin = await findPin(deps, request.actor, request.params.pin_id);
      return presentV5PinFor(deps, request.actor, { pin }, { metrics: request.query.pin_metrics });
    },
  });

  typed.patch('/v5/pins/:pin_id', {
    schema: { tags, summary: "Change a pin's texts (its creator) or move it to another board or section", ...UpdatePin.schema },
    config: { scopes: UpdatePin.scopes },
    handler: async (request) => {
      const { board_id, board_section_id, title, description, alt_text, link } = request.body;
      const texts = { title: orClear(title), description: orClear(description), alt_text: orClear(alt_text), link: orClear(link) };
      const move = board_id !== undefined || board_section_id !== undefined ? { boardId: board_id, sectionId: board_section_id } : undefined;
      return presentV5PinFor(deps, request.actor, await changePin(deps, request.actor, request.params.pin_id, texts, move));
    },
  });

  typed.delete('/v5/pins/:pin_id', {
    schema: { tags, summary: 'Delete a pin (its creator): it leaves every board', ...DeletePin.schema },
    config: { scopes: DeletePin.scopes },
    handler: async (request, reply) => {
      await deletePin(deps, request.actor, request.params.pin_id);
      return reply.code(204).send();
    },
  });

  typed.post('/v5/pins/:pin_id/save', {
    schema: { tags, summary: 'Save a pin to a board or section; without a board, a quick save', ...SavePin.schema },
    config: { scopes: SavePin.scopes, errors: SavePin.errors },
    handler: async (request, reply) => {
      const body = request.body ?? {};
      if (!isOurId(request.params.pin_id)) throw notFound('pin');
      const target = { pinId: request.params.pin_id, boardId: body.board_id ?? undefined, sectionId: body.board_section_id };
      return reply.code(201).send(await presentV5PinFor(deps, request.actor, await savePinAndRead(deps, request.actor, target)));
    },
  });
}
