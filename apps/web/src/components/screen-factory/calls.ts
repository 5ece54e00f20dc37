import { type Envelope, request } from '../../lib/request';
import type { ScreenDef } from './types';

/**
 * The calls of a REST resource at `url` (the system screens): add POST `<url>`, edit PUT `<url>`, delete
 * DELETE `<url>/<ids joined by commas>` in one call.
 */
export const restCalls = (url: string): NonNullable<ScreenDef<object>['calls']> => ({
  add: (body) => request.post<Envelope>(url, body),
  edit: (body) => request.put<Envelope>(url, body),
  remove: (ids, config) => request.delete<Envelope>(`${url}/${ids.join(',')}`, config),
});
