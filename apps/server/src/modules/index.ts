import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../platform/deps';
import { authRoutes } from './auth/auth.routes';
import { markRoutes } from './bas/mark.routes';
import { priceRoutes } from './bas/price.routes';
import { referenceRoutes } from './bas/reference.routes';
import { resourceRoutes } from './bas/resource.routes';
import { arriveRoutes } from './bus/arrive/arrive.routes';
import { exceptionRoutes } from './bus/exception/exception.routes';
import { inwareEntryRoutes } from './bus/inware/inware-entry.routes';
import { inwareIoRoutes } from './bus/inware/inware-io.routes';
import { inwareQueryRoutes } from './bus/inware/inware-query.routes';
import { inwareReceiptRoutes } from './bus/inware/inware-receipt.routes';
import { loadRoutes } from './bus/load/load.routes';
import { loadIoRoutes } from './bus/load/load-io.routes';
import { loadplanRoutes } from './bus/load/loadplan.routes';
import { trackRoutes } from './bus/load/track.routes';
import { printRoutes } from './bus/print/print.routes';
import { sendRoutes } from './bus/send/send.routes';
import { sendIoRoutes } from './bus/send/send-io.routes';
import { loadNotesRoutes } from './bus/send/send-load-notes';
import { fileRoutes } from './file/file.routes';
import { healthRoutes } from './health/health.routes';
import { homeRoutes } from './home/home.routes';
import { onlineRoutes } from './monitor/online.routes';
import { configRoutes } from './system/config/config.routes';
import { deptRoutes } from './system/dept/dept.routes';
import { dictRoutes } from './system/dict/dict.routes';
import { dictDataTypeRoutes } from './system/dict/dict-data-type.routes';
import { logRoutes } from './system/log/log.routes';
import { menuRoutes } from './system/menu/menu.routes';
import { routersRoutes } from './system/menu/routers.routes';
import { postRoutes } from './system/post/post.routes';
import { roleRoutes } from './system/role/role.routes';
import { roleAuthRoutes } from './system/role/role-auth.routes';
import { profileRoutes } from './system/user/profile.routes';
import { userRoutes } from './system/user/user.routes';
import { userInfoRoutes } from './system/user/user-info.routes';

/**
 * Every module's routes, registered under /prod-api. A new module adds one line (keep alphabetical within its group).
 */
export const MODULE_ROUTES: FastifyPluginAsyncZod<AppDeps>[] = [
  // platform
  healthRoutes,
  authRoutes,
  fileRoutes,
  // system
  userInfoRoutes,
  profileRoutes,
  routersRoutes,
  dictDataTypeRoutes,
  configRoutes,
  deptRoutes,
  dictRoutes,
  logRoutes,
  menuRoutes,
  postRoutes,
  roleRoutes,
  roleAuthRoutes,
  userRoutes,
  // monitor
  onlineRoutes,
  // bas
  markRoutes,
  priceRoutes,
  referenceRoutes,
  resourceRoutes,
  // bus
  arriveRoutes,
  inwareEntryRoutes,
  inwareReceiptRoutes,
  inwareQueryRoutes,
  inwareIoRoutes,
  loadRoutes,
  loadplanRoutes,
  printRoutes,
  trackRoutes,
  exceptionRoutes,
  loadIoRoutes,
  sendRoutes,
  sendIoRoutes,
  loadNotesRoutes,
  // home
  homeRoutes,
];
