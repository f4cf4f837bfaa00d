import { AppError } from '../errors.ts';

/** Why a fetch of a user-given URL did not happen or did not finish. */
export type OutboundFailure =
  'bad_url' | 'refused_address' | 'refused_port' | 'dns' | 'network' | 'timeout' | 'too_large' | 'http_status' | 'content_type' | 'too_many_redirects';

/**
 * A fetch the guard refused or the remote side spoiled. It is the caller's URL that is at fault,
 * so it answers 400 with a message the member can act on; `failure` lets callers and tests tell
 * the cases apart.
 */
export class OutboundError extends AppError {
  readonly failure: OutboundFailure;

  constructor(failure: OutboundFailure, message: string) {
    super('bad_request', message);
    this.failure = failure;
  }
}
