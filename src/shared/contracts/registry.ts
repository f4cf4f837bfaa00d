import type * as accountSecurity from './account-security.ts';
import type * as auth from './auth.ts';
import type * as boardCollaborators from './board-collaborators.ts';
import type * as boards from './boards.ts';
import type * as blockingActions from './blocking-actions.ts';
import type * as didIts from './did-its.ts';
import type * as comments from './comments.ts';
import type * as messages from './messages.ts';
import type { ResourceContract } from './contract.ts';
import type * as experiments from './experiments.ts';
import type * as feeds from './feeds.ts';
import type * as moderation from './moderation.ts';
import type * as followRequests from './follow-requests.ts';
import type * as business from './business.ts';
import type * as nux from './nux.ts';
import type * as notifications from './notifications.ts';
import type * as telemetry from './telemetry.ts';
import type * as pins from './pins.ts';
import type * as reactions from './reactions.ts';
import type * as scrape from './scrape.ts';
import type * as discovery from './discovery.ts';
import type * as search from './search.ts';
import type * as settings from './settings.ts';
import type * as visual from './visual.ts';
import type * as social from './social.ts';
import type * as users from './users.ts';

/**
 * Every resource contract by name, as a type only: the web client's request helpers read a call's
 * input and answer from it without bundling a single schema. Add each contract module here.
 */
type ContractsIn<M> = Extract<M[keyof M], ResourceContract>;
type AllContracts =
  | ContractsIn<typeof search>
  | ContractsIn<typeof notifications>
  | ContractsIn<typeof discovery>
  | ContractsIn<typeof visual>
  | ContractsIn<typeof users>
  | ContractsIn<typeof auth>
  | ContractsIn<typeof accountSecurity>
  | ContractsIn<typeof pins>
  | ContractsIn<typeof reactions>
  | ContractsIn<typeof scrape>
  | ContractsIn<typeof boards>
  | ContractsIn<typeof boardCollaborators>
  | ContractsIn<typeof social>
  | ContractsIn<typeof feeds>
  | ContractsIn<typeof nux>
  | ContractsIn<typeof experiments>
  | ContractsIn<typeof telemetry>
  | ContractsIn<typeof settings>
  | ContractsIn<typeof moderation>
  | ContractsIn<typeof didIts>
  | ContractsIn<typeof followRequests>
  | ContractsIn<typeof comments>
  | ContractsIn<typeof blockingActions>
  | ContractsIn<typeof messages>
  | ContractsIn<typeof business>;

export type ResourceContracts = { [C in AllContracts as C['name']]: C };
export type ResourceName = keyof ResourceContracts;
