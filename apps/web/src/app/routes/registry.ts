import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * Screen registry: component id (as `getRouters` sends it, '<group>/<route>') -> lazily loaded page.
 * A menu entry whose component id is not here is left out of the menu and the routes.
 *
 * To add a screen: one line, in alphabetical order, pointing at a module whose default export is the page:
 *   'bus/orderAdd': lazy(() => import('../../features/bus/inware/pages/OrderAddPage')),
 * or at a named export (screen-factory definitions give a module's list, form and details pages):
 *   'bas/driver-list': named(() => import('../../features/bas/resources/drivers'), 'DriverListPage'),
 * Keep this a flat object literal, one entry per line (several engineers add lines at once).
 */
export type PageComponent = LazyExoticComponent<ComponentType>;

/** A page that is a named export of a module (several screens of one definition file share it). */
function named<M extends Record<N, ComponentType>, N extends keyof M & string>(load: () => Promise<M>, name: N) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

export const registry: Record<string, PageComponent> = {
  'bas/agent-add': lazy(() => import('../../features/bas/marks/AgentAddPage')),
  'bas/agent-detail': lazy(() => import('../../features/bas/marks/AgentDetailPage')),
  'bas/agent-edit': lazy(() => import('../../features/bas/marks/AgentEditPage')),
  'bas/agent-mark': lazy(() => import('../../features/bas/marks/AgentMarkPage')),
  'bas/contPriceAdd': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceFormPage'),
  'bas/contPriceEdit': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceFormPage'),
  'bas/contPriceList': named(() => import('../../features/bas/prices/ContPriceScreens'), 'ContPriceListPage'),
  'bas/currate-add': named(() => import('../../features/bas/resources/currate'), 'CurrateFormPage'),
  'bas/currate-details': named(() => import('../../features/bas/resources/currate'), 'CurrateDetailPage'),
  'bas/currate-edit': named(() => import('../../features/bas/resources/currate'), 'CurrateFormPage'),
  'bas/currate-list': named(() => import('../../features/bas/resources/currate'), 'CurrateListPage'),
  'bas/custom-add': lazy(() => import('../../features/bas/marks/CustomAddPage')),
  'bas/custom-detail': lazy(() => import('../../features/bas/marks/CustomDetailPage')),
  'bas/custom-edit': lazy(() => import('../../features/bas/marks/CustomEditPage')),
  'bas/custom-mark': lazy(() => import('../../features/bas/marks/CustomMarkPage')),
  'bas/driver-add': named(() => import('../../features/bas/resources/drivers'), 'DriverFormPage'),
  'bas/driver-details': named(() => import('../../features/bas/resources/drivers'), 'DriverDetailPage'),
  'bas/driver-edit': named(() => import('../../features/bas/resources/drivers'), 'DriverFormPage'),
  'bas/driver-list': named(() => import('../../features/bas/resources/drivers'), 'DriverListPage'),
  'bas/insurance-add': named(() => import('../../features/bas/resources/insurance'), 'InsuranceFormPage'),
  'bas/insurance-details': named(() => import('../../features/bas/resources/insurance'), 'InsuranceDetailPage'),
  'bas/insurance-edit': named(() => import('../../features/bas/resources/insurance'), 'InsuranceFormPage'),
  'bas/insurance-list': named(() => import('../../features/bas/resources/insurance'), 'InsuranceListPage'),
  'bas/payinfo-add': named(() => import('../../features/bas/resources/payinfo'), 'PayinfoFormPage'),
  'bas/payinfo-details': named(() => import('../../features/bas/resources/payinfo'), 'PayinfoDetailPage'),
  'bas/payinfo-edit': named(() => import('../../features/bas/resources/payinfo'), 'PayinfoFormPage'),
  'bas/payinfo-list': named(() => import('../../features/bas/resources/payinfo'), 'PayinfoListPage'),
  'bas/price-add': lazy(() => import('../../features/bas/prices/PriceFormPage')),
  'bas/price-batch': lazy(() => import('../../features/bas/prices/PriceBatchPage')),
  'bas/price-details': lazy(() => import('../../features/bas/prices/PriceDetailPage')),
  'bas/price-edit': lazy(() => import('../../features/bas/prices/PriceFormPage')),
  'bas/price-list': lazy(() => import('../../features/bas/prices/PriceListPage')),
  'bas/vehicle-add': named(() => import('../../features/bas/resources/drivers'), 'VehicleFormPage'),
  'bas/vehicle-details': named(() => import('../../features/bas/resources/drivers'), 'VehicleDetailPage'),
  'bas/vehicle-edit': named(() => import('../../features/bas/resources/drivers'), 'VehicleFormPage'),
  'bas/vehicle-list': named(() => import('../../features/bas/resources/drivers'), 'VehicleListPage'),
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
