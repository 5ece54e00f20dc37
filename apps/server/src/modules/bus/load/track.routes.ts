import {
  ZLoadIdsAnswer,
  ZOrderJourneyAnswer,
  ZTrackAnswer,
  ZTrackDetailAnswer,
  ZTrackDetailBody,
  ZTrackEditBody,
  ZTrackEtaBody,
  ZTrackListAnswer,
  ZTrackListQuery,
  ZTrackMessageBody,
  ZTrackMessagesAnswer,
  ZTrackSaveBody,
  zIdParam,
} from '@theone/contracts';
import { answers, zOkId } from '@theone/contracts/common/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../../platform/operlog';
import { busActions, busList, busRecord, busWaybillPages } from '../bus-routes';
import { listLoads } from './load.read';
import { orderJourneys, timeline, trackRowById } from './track.read';
import {
  addMilestones,
  changeEta,
  deleteMilestone,
  departLoads,
  editMilestone,
  listMessages,
  saveMessage,
} from './track.service';

/** The answer of an action on one record: its id, done once. */
const oneDone = (id: number) => ({ ids: [id], done: 1 });

/**
 * `/bus/track/*` (screens track-list, track-details, loadDetails' Tracking tab; spec §7 'Track') and the order's
 * journey `inware/selectOrdersHasTrackByTransportIdPages/{transportId}` (customer service's 'where is my cargo').
 * Rules in track.service.ts, reads in track.read.ts and load.read.ts (the list).
 */
export const trackRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const action = busActions(app, deps, 'menu_track_list');
  const readKeys = ['bus:track', 'track:info'];

  // the 'track' view's rows carry the milestone columns
  busList(app, deps, {
    url: '/bus/track/list',
    access: { permission: 'bus:track', operlog: false },
    summary: 'Loads from loaded on (L2-L5) by tab, with the latest milestone, no-news flag and messages',
    query: ZTrackListQuery,
    answer: ZTrackListAnswer,
    read: (ctx, q) => listLoads(ctx, 'track', q),
    freshRows: true,
  });

  action({
    url: '/bus/track/save',
    permission: 'bus:track:depart',
    type: BUSINESS_TYPE.UPDATE,
    summary: 'A15 confirm departure of loaded loads (all or nothing): orders S4 -> S5, load L3, arrive record',
    body: ZTrackSaveBody,
    answer: ZLoadIdsAnswer,
    run: departLoads,
  });

  action({
    url: '/bus/track/delete/:id',
    permission: ['bus:track:delete', 'bus:track:cancelDepart'],
    type: BUSINESS_TYPE.DELETE,
    summary: "Delete a manual milestone; the automatic 'departed' one cancels the departure (A16)",
    params: zIdParam,
    answer: ZLoadIdsAnswer,
    run: async (ctx, id) => oneDone((await deleteMilestone(ctx, id)).loadId),
  });

  action({
    url: '/bus/track/saveDetail',
    permission: 'bus:track:add',
    type: BUSINESS_TYPE.INSERT,
    summary: 'A manual milestone on one or several departed loads (ids of the new milestones)',
    body: ZTrackDetailBody,
    answer: ZLoadIdsAnswer,
    run: addMilestones,
  });

  action({
    url: '/bus/track/edit',
    permission: 'bus:track:edit',
    type: BUSINESS_TYPE.UPDATE,
    summary: "A manual milestone's status, time and remark",
    body: ZTrackEditBody,
    answer: ZLoadIdsAnswer,
    run: async (ctx, body) => oneDone((await editMilestone(ctx, body)).id),
  });

  action({
    url: '/bus/track/upatePreArriveTime',
    permission: 'bus:track:eta',
    type: BUSINESS_TYPE.UPDATE,
    summary: "Change the ETA of loads (L2/L3) and every order's expected arrival",
    body: ZTrackEtaBody,
    answer: ZLoadIdsAnswer,
    run: changeEta,
  });

  busRecord(app, deps, {
    url: '/bus/track/detail/:id',
    access: { permission: [...readKeys, 'load:info'], operlog: false },
    summary: "A load's milestones newest first (the 'received' entry synthesized with id 0)",
    answer: ZTrackDetailAnswer,
    read: (ctx, id) => timeline(ctx.db, ctx.auth, id),
    msg: 'msg_query_success',
  });

  app.post(
    '/bus/track/listMessage/:id',
    spec({ permission: [...readKeys, 'load:info'], operlog: false }, 'Messages of a milestone, oldest first', {
      params: zIdParam,
      response: answers(ZTrackMessagesAnswer),
    }),
    async (req) => ok(req, await listMessages(deps.db, req.auth, req.params.id), 'msg_query_success'),
  );

  action({
    url: '/bus/track/saveMessage',
    permission: 'bus:track:message',
    type: BUSINESS_TYPE.INSERT,
    summary: 'A message on a milestone (visible to the customer or internal)',
    body: ZTrackMessageBody,
    answer: zOkId,
    run: saveMessage,
  });

  busRecord(app, deps, {
    url: '/bus/track/:id',
    access: { permission: readKeys, operlog: false },
    summary: 'A load as the tracking screens show it (container, route, vessel or truck, ETD, ETA, departure)',
    answer: ZTrackAnswer,
    read: trackRowById,
    msg: 'msg_query_success',
  });

  busWaybillPages(app, deps, {
    url: '/bus/inware/selectOrdersHasTrackByTransportIdPages/:transportId',
    summary: 'Orders by waybill, express or receipt number (comma list) with their container and milestones',
    answer: ZOrderJourneyAnswer,
    read: (ctx, numbers, page) => orderJourneys(ctx.db, ctx.auth, numbers, page),
  });
};
