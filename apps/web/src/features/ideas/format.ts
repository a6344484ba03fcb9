import { ApiError } from '../../api/error-catalogue';

/** The message of a failed call, for an error state's text. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message;
  return 'Please try again.';
}

/** Whether a failed idea read means "there is no such public idea" (SPEC code 404, or 403 for a private one). */
export function isNotAvailable(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 404 || err.code === 403);
}
