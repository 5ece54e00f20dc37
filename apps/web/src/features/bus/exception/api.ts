import { useQuery } from '@tanstack/react-query';
import type { ZExceptionRow, ZExceptionTimers } from '@theone/contracts/bus/exception.schemas';
import type { TWire } from '@theone/contracts/common/responses';
import type { AxiosRequestConfig } from 'axios';
import { createQueryKeys } from '../../../lib/query-keys';
import { getData } from '../../../lib/request';
import { editFields } from '../inware/api';

/**
 * Problem items on the web (screens exception-list): the list and the Timers tab are `GET /bus/exception/*`;
 * raise, take over, close and reopen are `inware/editFields` (A26), each one order-log row on the server.
 */
export const exceptionKeys = createQueryKeys('bus/exception');

export type TExceptionRow = TWire<typeof ZExceptionRow>;
export type TExceptionTimers = TWire<typeof ZExceptionTimers>;

export const EXCEPTION_LIST_URL = '/bus/exception/list';

export const fetchTimers = () => getData<TExceptionTimers>('/bus/exception/timers');

export function useExceptionTimers(enabled: boolean) {
  return useQuery({ queryKey: exceptionKeys.custom('timers'), queryFn: fetchTimers, enabled });
}

/** Raise (E0) on several orders: type, description, photos (file ids from /file/upload). */
export const raiseException = (
  ids: readonly number[],
  values: { exceptionType: string; exceptionDesc: string },
  photos: readonly string[] = [],
  config?: AxiosRequestConfig,
) =>
  editFields(
    { ids, fields: { ifException: 1, exceptionStatus: 0, ...values }, ...(photos.length ? { photos } : {}) },
    config,
  );

/** Take over (E0 -> E1, handler = me), with the versions the list showed: a second taker gets 'changed'. */
export const takeException = (rows: readonly { id: number; version: number }[], config?: AxiosRequestConfig) =>
  editFields(
    { ids: rows.map((r) => r.id), versions: rows.map((r) => r.version), fields: { exceptionStatus: 1 } },
    config,
  );

/** Close (E0/E1 -> E2) with the handling remark. */
export const closeException = (
  rows: readonly { id: number; version: number }[],
  handleRemark: string,
  config?: AxiosRequestConfig,
) =>
  editFields(
    {
      ids: rows.map((r) => r.id),
      versions: rows.map((r) => r.version),
      fields: { exceptionStatus: 2, ifException: 0, handleRemark },
    },
    config,
  );

/** Reopen (E2 -> E0). */
export const reopenException = (rows: readonly { id: number; version: number }[], config?: AxiosRequestConfig) =>
  editFields(
    {
      ids: rows.map((r) => r.id),
      versions: rows.map((r) => r.version),
      fields: { exceptionStatus: 0, ifException: 1 },
    },
    config,
  );
