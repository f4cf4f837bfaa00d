/**
 * The one catalogue of expected failures. Services throw these; the HTTP layer maps them to
 * the error envelope in one place (http/error-handler.ts). Anything else is a 500 with no detail.
 */
export const ErrorCatalogue = {
  bad_request: { http: 400, code: 1, message: 'Invalid request.' },
  unauthorized: { http: 401, code: 2, message: 'Authentication required.' },
  csrf_failed: { http: 403, code: 3, message: 'CSRF verification failed.' },
  forbidden: { http: 403, code: 4, message: 'You do not have permission to do that.' },
  not_found: { http: 404, code: 5, message: 'Not found.' },
  method_not_allowed: { http: 405, code: 6, message: 'Method not allowed.' },
  conflict: { http: 409, code: 7, message: 'Conflict.' },
  payload_too_large: { http: 413, code: 8, message: 'Request too large.' },
  unsupported_media_type: { http: 415, code: 9, message: 'Unsupported media type.' },
  rate_limited: { http: 429, code: 10, message: 'Too many requests. Please try again later.' },
  invalid_credentials: { http: 401, code: 11, message: 'The password you entered is incorrect.' },
  email_taken: { http: 409, code: 12, message: 'That email is already registered.' },
  username_taken: { http: 409, code: 13, message: 'That username is taken.' },
  age_restricted: { http: 403, code: 14, message: 'You must be at least 13 years old to use Corkboard.' },
  invalid_token: { http: 401, code: 15, message: 'This link is invalid or has expired.' },
  mfa_required: { http: 401, code: 16, message: 'Enter the code from your authenticator app.' },
  unavailable: { http: 503, code: 17, message: 'Service unavailable.' },
  internal: { http: 500, code: 18, message: 'Sorry! Something went wrong on our end!' },
  invalid_code: { http: 401, code: 19, message: 'The code you entered is incorrect.' },
} as const;

export type ErrorName = keyof typeof ErrorCatalogue;

/** What a failure is about, where one operation can miss several things (the public API names each). */
export type ErrorSubject = 'board' | 'pin' | 'section';

export class AppError extends Error {
  readonly errorName: ErrorName;
  readonly detail: string | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly subject: ErrorSubject | undefined;

  constructor(name: ErrorName, detail?: string, extra?: Record<string, unknown>, subject?: ErrorSubject) {
    super(detail ?? ErrorCatalogue[name].message);
    this.errorName = name;
    this.detail = detail;
    this.extra = extra;
    this.subject = subject;
  }

  get httpStatus(): number {
    return ErrorCatalogue[this.errorName].http;
  }
}

/** Not found, saying which thing: the answer is the generic one except where a public API operation names it. */
export function notFound(subject: ErrorSubject): AppError {
  return new AppError('not_found', undefined, undefined, subject);
}

/** The error object of the envelope: {api_error_code, code, message, message_detail, http_status}. */
export type ApiError = {
  api_error_code: number;
  code: number;
  message: string;
  message_detail: string | null;
  http_status: number;
  extra_data?: Record<string, unknown>;
};

export function toApiError(error: AppError): ApiError {
  const entry = ErrorCatalogue[error.errorName];
  return {
    api_error_code: entry.code,
    code: entry.code,
    message: error.detail ?? entry.message,
    message_detail: error.detail ?? null,
    http_status: entry.http,
    ...(error.extra ? { extra_data: error.extra } : {}),
  };
}
