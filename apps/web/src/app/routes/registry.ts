import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Screen registry: component id (as `getRouters` sends it, '<group>/<route>') -> lazily loaded page.
 * A menu entry whose component id is not here is left out of the menu and the routes.
 *
 * To add a screen: one line, in alphabetical order, pointing at a module whose default export is the page:
 *   'bus/orderAdd': lazy(() => import('../../features/bus/inware/pages/OrderAddPage')),
 * or at a named export:
 *   'bas/contPriceList': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceListPage'),
 * A basic-data screen definition (`basScreen`) gives its four routes in one line, from the module's `createPageScreen`:
 *   ...basPages('driver', () => import('../../features/bas/resources/drivers'), 'driverPages'),
 * Keep this a flat object literal, one entry per line (several engineers add lines at once).
 */
export type PageComponent = LazyExoticComponent<ComponentType>;

/** A page that is a named export of a module (several screens of one definition file share it). */
function named<M extends Record<N, ComponentType>, N extends keyof M & string>(load: () => Promise<M>, name: N) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

type ScreenPages = Record<'List' | 'Form' | 'Details', ComponentType>;

/** The list, add, edit and details routes of a basic-data definition (`basScreen`: `bas/<entity>-list|add|...`). */
function basPages<M extends Record<N, ScreenPages>, N extends keyof M & string>(
  entity: string,
  load: () => Promise<M>,
  name: N,
): Record<string, PageComponent> {
  const page = (kind: keyof ScreenPages) => lazy(() => load().then((m) => ({ default: m[name][kind] })));
  return {
    [`bas/${entity}-add`]: page('Form'),
    [`bas/${entity}-details`]: page('Details'),
    [`bas/${entity}-edit`]: page('Form'),
    [`bas/${entity}-list`]: page('List'),
  };
}

export const registry: Record<string, PageComponent> = {
  'bas/agent-add': lazy(() => import('../../features/bas/marks/AgentAddPage')),
  'bas/agent-detail': lazy(() => import('../../features/bas/marks/AgentDetailPage')),
  'bas/agent-edit': lazy(() => import('../../features/bas/marks/AgentEditPage')),
  'bas/agent-mark': lazy(() => import('../../features/bas/marks/AgentMarkPage')),
  'bas/contPriceAdd': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceFormPage'),
  'bas/contPriceEdit': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceFormPage'),
  'bas/contPriceList': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceListPage'),
  ...basPages('currate', () => import('../../features/bas/resources/currate'), 'curratePages'),
  'bas/custom-add': lazy(() => import('../../features/bas/marks/CustomAddPage')),
  'bas/custom-detail': lazy(() => import('../../features/bas/marks/CustomDetailPage')),
  'bas/custom-edit': lazy(() => import('../../features/bas/marks/CustomEditPage')),
  'bas/custom-mark': lazy(() => import('../../features/bas/marks/CustomMarkPage')),
  ...basPages('driver', () => import('../../features/bas/resources/drivers'), 'driverPages'),
  ...basPages('insurance', () => import('../../features/bas/resources/insurance'), 'insurancePages'),
  ...basPages('payinfo', () => import('../../features/bas/resources/payinfo'), 'payinfoPages'),
  'bas/price-add': lazy(() => import('../../features/bas/prices/PriceFormPage')),
  'bas/price-batch': lazy(() => import('../../features/bas/prices/PriceBatchPage')),
  'bas/price-details': lazy(() => import('../../features/bas/prices/PriceDetailPage')),
  'bas/price-edit': lazy(() => import('../../features/bas/prices/PriceFormPage')),
  'bas/price-list': lazy(() => import('../../features/bas/prices/PriceListPage')),
  ...basPages('vehicle', () => import('../../features/bas/resources/drivers'), 'vehiclePages'),
  'bus/arriveDetails': lazy(() => import('../../features/bus/arrive/ArriveDetailsPage')),
  'bus/arriveList': lazy(() => import('../../features/bus/arrive/ArriveListPage')),
  'bus/arriveOrder': lazy(() => import('../../features/bus/arrive/ArriveOrderPage')),
  'bus/arrivedAddOrder': lazy(() => import('../../features/bus/inware/ArrivedAddOrderPage')),
  'bus/deliveryfree': lazy(() => import('../../features/bus/inware/DeliveryFreePage')),
  'bus/exception-list': lazy(() => import('../../features/bus/exception/ExceptionListPage')),
  'bus/inOrder': lazy(() => import('../../features/bus/inware/InOrderPage')),
  'bus/loadDetails': lazy(() => import('../../features/bus/load/LoadDetailsPage')),
  'bus/loadList': lazy(() => import('../../features/bus/load/LoadListPage')),
  'bus/loadplanAdd': lazy(() => import('../../features/bus/loadplan/LoadPlanAddPage')),
  'bus/loadplanDetails': lazy(() => import('../../features/bus/loadplan/LoadPlanDetailsPage')),
  'bus/loadplanList': lazy(() => import('../../features/bus/loadplan/LoadPlanListPage')),
  'bus/noMarkOrder': lazy(() => import('../../features/bus/inware/NoMarkOrderPage')),
  'bus/orderAdd': lazy(() => import('../../features/bus/inware/OrderAddPage')),
  'bus/orderDetails': lazy(() => import('../../features/bus/inware/OrderDetailsPage')),
  'bus/orderEdit': lazy(() => import('../../features/bus/inware/OrderEditPage')),
  'bus/orderInfo': lazy(() => import('../../features/bus/inware/OrderInfoPage')),
  'bus/orderList': lazy(() => import('../../features/bus/inware/OrderListPage')),
  'bus/orderListEdit': lazy(() => import('../../features/bus/inware/OrderListEditPage')),
  'bus/send': lazy(() => import('../../features/bus/send/SendDeskPage')),
  'bus/sendOrder': lazy(() => import('../../features/bus/send/SendOrderPage')),
  'bus/sign-list': lazy(() => import('../../features/bus/sign/SignListPage')),
  'bus/track-details': lazy(() => import('../../features/bus/track/TrackDetailsPage')),
  'bus/track-list': lazy(() => import('../../features/bus/track/TrackListPage')),
  'bus/unOrder': lazy(() => import('../../features/bus/inware/UnOrderPage')),
  'home/index': lazy(() => import('../../features/home/HomePage')),
  'system/config-list': lazy(() => import('../../features/system/config/ConfigPage')),
  'system/dept': lazy(() => import('../../features/system/dept/DeptPage')),
  'system/dict-data': lazy(() => import('../../features/system/dict/DictDataPage')),
  'system/dict-list': lazy(() => import('../../features/system/dict/DictTypePage')),
  'system/log-list': lazy(() => import('../../features/system/log/LogPage')),
  'system/menu': lazy(() => import('../../features/system/menu/MenuPage')),
  'system/online': lazy(() => import('../../features/monitor/online/OnlinePage')),
  'system/post-list': lazy(() => import('../../features/system/post/PostPage')),
  'system/profile': lazy(() => import('../../pages/profile/ProfilePage')),
  'system/role': lazy(() => import('../../features/system/role/RolePage')),
  'system/role-auth': lazy(() => import('../../features/system/role/RoleAuthUserPage')),
  'system/user': lazy(() => import('../../features/system/user/UserPage')),
  'system/user-auth': lazy(() => import('../../features/system/user/UserAuthRolePage')),
};
