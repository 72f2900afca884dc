/** A failure as the app's HTTP client rejects with it: an axios error carrying the API's error shape. */
import { AxiosError, AxiosHeaders } from 'axios';

export function apiError(status: number, code: string, message: string, details?: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(message, 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    headers: {},
    config,
    data: { error: { code, message, ...(details === undefined ? {} : { details }) } },
  });
}
