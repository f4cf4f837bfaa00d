import type { ResourceContract } from './contract.ts';
import type * as users from './users.ts';

/**
 * Every resource contract by name, as a type only: the web client's request helpers read a call's
 * input and answer from it without bundling a single schema. Add each contract module here.
 */
type ContractsIn<M> = Extract<M[keyof M], ResourceContract>;
type AllContracts = ContractsIn<typeof users>;

export type ResourceContracts = { [C in AllContracts as C['name']]: C };
export type ResourceName = keyof ResourceContracts;
