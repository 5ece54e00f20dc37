import type { TOnlineSession } from '@theone/contracts/monitor/online.schemas';
import { createQueryKeys } from '../../../lib/query-keys';
import { type Envelope, request } from '../../../lib/request';

/** Online users (monitor/online, issue 11 item 4): the live sessions in the caller's data scope, force logout. */
export const onlineKeys = createQueryKeys('monitor/online');
export type { TOnlineSession };

export const onlineApi = {
  forceLogout: (tokenIds: readonly string[], config?: object) =>
    request.delete<Envelope>(`/monitor/online/${tokenIds.join(',')}`, config),
};
