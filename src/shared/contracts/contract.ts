import type { z } from 'zod';

/**
 * One contract per call (docs/decisions/0034-contracts.md): what a call takes and what it answers,
 * declared once with zod here in src/shared. The server validates every input against it (and,
 * in tests, every answer); the web client imports the contract's types, so it declares no server
 * shape of its own.
 */
export type CallContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = {
  input: I;
  output: O;
};

export type ResourceVerb = 'get' | 'create' | 'update' | 'delete';

/** A `<Name>Resource` of the resource protocol: up to four verbs, each with its own contract. */
export type ResourceContract = {
  name: `${string}Resource`;
  /** Its get answers every visitor alike, from its options and stored content only: the bytes may be cached. */
  sameForEveryVisitor?: true;
  verbs: Partial<Record<ResourceVerb, CallContract>>;
};

export function resourceContract<const C extends ResourceContract>(contract: C): C {
  return contract;
}

type VerbOf<C extends ResourceContract, V extends ResourceVerb> = NonNullable<C['verbs'][V]>;

/** What a verb takes, as the caller writes it (defaults may be left out). */
export type InputOf<C extends ResourceContract, V extends ResourceVerb> = z.input<VerbOf<C, V>['input']>;
/** What a verb takes, once the server parsed it. */
export type ParsedInputOf<C extends ResourceContract, V extends ResourceVerb> = z.output<VerbOf<C, V>['input']>;
/** What a verb answers in `data`. */
export type AnswerOf<C extends ResourceContract, V extends ResourceVerb> = z.input<VerbOf<C, V>['output']>;

/** The verbs a contract declares. */
export type VerbsOf<C extends ResourceContract> = keyof C['verbs'] & ResourceVerb;
