import { GraphQLBoolean, GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { loadViewer } from '../users/viewer.ts';
import { closeupDetail, closeupPage } from './closeup.ts';
import { closeupRelatedModules } from './related-feed.ts';
import type { Viewer } from '../../shared/viewer.ts';

export type GraphQLContext = { deps: Deps; actor: Actor };

const str = (pick: (v: Viewer) => string | null) => ({ type: GraphQLString, resolve: pick });

const ViewerType = new GraphQLObjectType<Viewer, GraphQLContext>({
  name: 'Viewer',
  description: 'The signed-in member making the request.',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: (v) => v.id },
    username: str((v) => v.username),
    fullName: str((v) => v.full_name),
    firstName: str((v) => v.first_name),
    email: str((v) => v.email),
    emailVerified: { type: GraphQLBoolean, resolve: (v) => v.email_verified },
    loginState: { type: GraphQLString, description: 'full or limited', resolve: (v) => v.login_state },
    isPartner: { type: GraphQLBoolean, resolve: (v) => v.is_partner },
  },
});

export function buildSchema(): GraphQLSchema {
  return new GraphQLSchema({
    query: new GraphQLObjectType<unknown, GraphQLContext>({
      name: 'Query',
      fields: {
        viewer: { type: ViewerType, resolve: (_root, _args, ctx) => loadViewer(ctx.deps, ctx.actor) },
        closeupDetail,
        closeupPage,
        closeupRelatedModules,
      },
    }),
  });
}
