import { toApiError, type ApiError, type AppError } from '../errors.ts';

export type ResourceResponse = {
  resource_response: {
    status: 'success' | 'failure';
    code: number;
    message: string;
    data: unknown;
    bookmark: string | null;
    error: ApiError | null;
    x_pinterest_sli_endpoint_name?: string;
  };
};

export function resourceSuccess(data: unknown, bookmark: string | null = null): ResourceResponse {
  return { resource_response: { status: 'success', code: 0, message: 'ok', data, bookmark, error: null } };
}

export function resourceFailure(error: AppError): ResourceResponse {
  const apiError = toApiError(error);
  return {
    resource_response: {
      status: 'failure',
      code: apiError.code,
      message: apiError.message,
      data: null,
      bookmark: null,
      error: apiError,
    },
  };
}

/** The v3 REST shape: {status, code, message, data}, its data typed so a route's answer schema checks it. */
export function restSuccess<T>(data: T) {
  return { status: 'success' as const, code: 0, message: 'ok', data };
}

export function restFailure(error: AppError) {
  const apiError = toApiError(error);
  const { code, message, message_detail, http_status, extra_data } = apiError;
  // extra_data carries what the client needs to go on (the pending token of a two-factor login).
  return { status: 'failure' as const, code, message, message_detail, data: null, http_status, ...(extra_data ? { extra_data } : {}) };
}
