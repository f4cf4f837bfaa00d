import { GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLString, GraphQLUnionType, type GraphQLFieldConfig } from 'graphql';
import { z } from 'zod';
import { AppError, ErrorCatalogue } from '../errors.ts';
import { parseInput } from '../http/validate.ts';
import { readPin } from '../pins/pin-reads.service.ts';
import { PinType } from './pin-types.ts';
import type { GraphQLContext } from './schema.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';

/**
 * The closeup's two pin queries (viewer spec section 7): CloseupDetailQuery (pinId, isAuth,
 * isDesktop) with everything the closeup shows, and CloseupPageQuery (pinId, isAuth) with the
 * summary the page needs first. Both answer the pin or, as the spec says, an Error: a pin the
 * reader may not see is the same not-found as one that does not exist.
 */

type ErrorResult = { type: 'error'; code: string; message: string; http_status: number };

const ErrorType = new GraphQLObjectType<ErrorResult>({
  name: 'Error',
  fields: {
    code: { type: new GraphQLNonNull(GraphQLString) },
    message: { type: new GraphQLNonNull(GraphQLString) },
    httpStatus: { type: new GraphQLNonNull(GraphQLInt), resolve: (e) => e.http_status },
  },
});

const PinResultType = new GraphQLUnionType({
  name: 'PinResult',
  types: [PinType, ErrorType],
  resolveType: (value: PinJson | ErrorResult) => (value.type === 'pin' ? 'Pin' : 'Error'),
});

const Args = z.object({ pinId: z.string().regex(/^\d{1,20}$/, 'This is not a pin id.') }).loose();

/** The pin as the reader may see it, or the Error the REST resource would have answered. */
async function pinOrError({ deps, actor }: GraphQLContext, args: unknown): Promise<PinJson | ErrorResult> {
  try {
    const { pinId } = parseInput(Args, args);
    return await readPin(deps, actor, pinId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { type: 'error', code: error.errorName, message: error.message, http_status: ErrorCatalogue[error.errorName].http };
  }
}

const pinIdArg = { pinId: { type: new GraphQLNonNull(GraphQLID) } };

/**
 * isAuth and isDesktop tell Pinterest's server which variant to build; ours answers every reader
 * from the same presenter, which already shows a member what only members see, so they are
 * accepted and not needed.
 */
export const closeupDetail: GraphQLFieldConfig<unknown, GraphQLContext> = {
  type: new GraphQLNonNull(PinResultType),
  args: { ...pinIdArg, isAuth: { type: GraphQLBoolean }, isDesktop: { type: GraphQLBoolean } },
  resolve: (_root, args, context) => pinOrError(context, args),
};

export const closeupPage: GraphQLFieldConfig<unknown, GraphQLContext> = {
  type: new GraphQLNonNull(PinResultType),
  args: { ...pinIdArg, isAuth: { type: GraphQLBoolean } },
  resolve: (_root, args, context) => pinOrError(context, args),
};
