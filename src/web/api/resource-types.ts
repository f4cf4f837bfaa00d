import type { AnswerOf, InputOf, ResourceVerb } from '../../shared/contracts/contract.ts';
import type { ResourceContracts } from '../../shared/contracts/registry.ts';

/**
 * A call's options and answer, from its contract (src/shared/contracts). A name without a contract
 * yet takes any options and answers unknown; the registry test lists those left.
 */
export type OptionsOf<N extends string, V extends ResourceVerb = 'get'> = N extends keyof ResourceContracts
  ? InputOf<ResourceContracts[N], V>
  : Record<string, unknown>;
export type DataOf<N extends string, V extends ResourceVerb = 'get'> = N extends keyof ResourceContracts ? AnswerOf<ResourceContracts[N], V> : unknown;

/** A read of a named resource with its options, typed by its contract. */
export type TypedRequest<N extends string> = { name: N; options: OptionsOf<N> };
