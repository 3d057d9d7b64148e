import { toApiError, unreachable } from './errors';

type OkResult = { data: { success: true }; error?: never; response: Response } | { data?: never; error: unknown; response: Response };

/** Awaits an API call whose success carries no data (deletions), or throws an ApiError. */
export async function expectOk(request: Promise<OkResult>): Promise<void> {
  let result: OkResult;
  try {
    result = await request;
  } catch (cause) {
    throw unreachable(cause);
  }
  if (result.data === undefined) throw toApiError(result.error, result.response);
}
