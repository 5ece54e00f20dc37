import type { MenuSeed } from '../seed/seed.types';

/**
 * The whole menu tree applied at first start (spec §2 routes, §6 route keys; screens docs §5 button keys).
 *
 * - M: the five route groups, absolute path and redirect.
 * - C: every screen of spec §2 plus the routes the screens docs choose (bill pages, general fees, messages,
 *   settings), relative path, component '<group>/<route>', route permission key.
 * - F: every button key of the screens docs, under the list screen whose key it extends. Buttons of a hidden
 *   detail route use its list's key, so they sit under the list too (bus-container.md §0).
 *
 * Names are zh-cn (menuName); the title shown in each language is `titleKey` in the translation sheet:
 * `menu_<route in snake_case>` for M and C, `perm_<perm key in snake_case>` for F.
 */

/** 'orderAdd' → 'order_add', 'destPlaceBalance-Details' → 'dest_place_balance_details', 'bus:orderAdd:add' → 'bus_order_add_add'. */
export function toSnakeCase(value: string): string {
  return value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-:/]/g, '_')
    .toLowerCase();
}

/** Title key of a directory or screen: 'menu_order_add'. */
export function menuTitleKey(route: string): string {
  return `menu_${toSnakeCase(route)}`;
}

/** Title key of a button permission: 'system:user:add' → 'perm_system_user_add'. */
export function permTitleKey(perms: string): string {
  return `perm_${toSnakeCase(perms)}`;
}

/** [action, zh-cn name]: the button's key is `<button prefix>:<action>`. */
type ButtonDef = readonly [action: string, name: string];

interface ScreenDef {
  /** Route name: last segment of the key and of the component id ('user-auth'). */
  route: string;
  name: string;
  /** Route permission key. */
  perms: string;
  icon: string;
  /** Relative route path when it differs from the route name ('user/user-auth/:userId'). */
  path?: string;
  hidden?: boolean;
  /** Prefix of the button keys when it differs from the route key ('system:user' for 'system:user:list'). */
  buttonPrefix?: string;
  buttons?: readonly ButtonDef[];
}

function button(parentKey: string, perms: string, action: string, name: string, order: number): MenuSeed {
  return { key: `${parentKey}.${action}`, type: 'F', name, titleKey: permTitleKey(perms), perms, order };
}

function screen(group: string, def: ScreenDef, order: number): MenuSeed {
  const key = `${group}.${def.route}`;
  const prefix = def.buttonPrefix ?? def.perms;
  const entry: MenuSeed = {
    key,
    type: 'C',
    name: def.name,
    titleKey: menuTitleKey(def.route),
    path: def.path ?? def.route,
    component: `${group}/${def.route}`,
    perms: def.perms,
    icon: def.icon,
    order,
  };
  if (def.hidden) entry.hidden = true;
  if (def.buttons?.length) {
    entry.children = def.buttons.map(([action, name], i) => button(key, `${prefix}:${action}`, action, name, i + 1));
  }
  return entry;
}

function group(
  key: string,
  name: string,
  icon: string,
  redirect: string,
  order: number,
  screens: readonly ScreenDef[],
  extra: readonly MenuSeed[] = [],
): MenuSeed {
  return {
    key,
    type: 'M',
    name,
    titleKey: menuTitleKey(key),
    path: `/${key}`,
    icon,
    order,
    redirect,
    children: [...screens.map((s, i) => screen(key, s, i + 1)), ...extra],
  };
}

const EXPORT: ButtonDef = ['export', '导出'];
const REMOVE: ButtonDef = ['remove', '删除'];
const ADD: ButtonDef = ['add', '新增'];
const EDIT: ButtonDef = ['edit', '修改'];
/** By-id reads of the system screens (RuoYi's ':query'). */
const QUERY: ButtonDef = ['query', '查询'];

// ---------------------------------------------------------------------------------------------------------
// /bus: business operations (spec §2 order; keys spec §6 and bus-container.md §5)
// ---------------------------------------------------------------------------------------------------------
const BUS_SCREENS: readonly ScreenDef[] = [
  {
    route: 'orderAdd',
    name: '订单录入',
    perms: 'bus:orderAdd',
    icon: 'FileAdd',
    buttons: [
      ['add', '暂存'],
      ['sure', '保存并确认'],
      ['price', '取价'],
      ['print', '打印标签'],
      ['import', '导入'],
    ],
  },
  { route: 'orderEdit', name: '编辑订单', perms: 'order:edit', icon: 'Edit', hidden: true },
  { route: 'orderInfo', name: '订单信息', perms: 'order:info', icon: 'FileText', hidden: true },
  {
    route: 'unOrder',
    name: '未入仓',
    perms: 'bus:unOrder',
    icon: 'Hourglass',
    buttons: [
      ['edit', '修改'],
      ['sure', '确认'],
      ['unsure', '退回暂存'],
      ['price', '取价'],
      ['delete', '删除'],
      ['print', '打印标签'],
      ['import', '导入'],
      EXPORT,
    ],
  },
  {
    route: 'inOrder',
    name: '已入仓',
    perms: 'bus:inOrder',
    icon: 'Inbox',
    buttons: [
      ['submit', '入仓'],
      ['measure', '复测补收'],
      ['cancel', '取消入仓'],
      ['print', '打印标签和入仓单'],
      ['plan', '加入预配'],
      EXPORT,
    ],
  },
  {
    route: 'loadplanList',
    name: '预配载',
    perms: 'bus:loadplan',
    icon: 'Schedule',
    buttons: [
      ['edit', '修改'],
      ['addOrder', '添加订单'],
      ['removeOrder', '移除订单'],
      ['load', '装柜'],
      ['delete', '删除'],
      EXPORT,
    ],
  },
  { route: 'loadplanAdd', name: '新增预配', perms: 'loadplan:add', icon: 'AppstoreAdd', hidden: true },
  { route: 'loadplanDetails', name: '预配详情', perms: 'loadplan:info', icon: 'Profile', hidden: true },
  {
    route: 'loadList',
    name: '装柜清单',
    perms: 'bus:load',
    icon: 'Container',
    buttons: [
      ['edit', '修改柜子信息'],
      ['fee', '柜子费用'],
      ['addOrder', '添加订单'],
      ['removeOrder', '卸出订单'],
      ['delete', '取消装柜'],
      ['print', '打印装柜清单'],
      ['printSend', '打印派送单'],
      EXPORT,
      ['exportInfo', '导出舱单'],
      ['exportBill', '导出柜子账单'],
    ],
  },
  { route: 'loadDetails', name: '装柜详情', perms: 'load:info', icon: 'Profile', hidden: true },
  {
    route: 'orderList',
    name: '订单查询',
    perms: 'bus:order',
    icon: 'FileSearch',
    buttons: [
      ['edit', '修改'],
      EXPORT,
      ['print', '打印标签和入仓单'],
      ['price', '取价和重算'],
      ['stepBack', '回退'],
      ['file', '附件'],
      ['printFee', '打印费用单'],
      ['exportFee', '导出费用单'],
    ],
  },
  { route: 'orderDetails', name: '订单详情', perms: 'order:info', icon: 'FileText', hidden: true },
  {
    route: 'track-list',
    name: '轨迹跟踪',
    perms: 'bus:track',
    icon: 'NodeIndex',
    buttons: [
      ['depart', '确认发车'],
      ['cancelDepart', '取消发车'],
      ['add', '新增轨迹'],
      ['edit', '修改轨迹'],
      ['delete', '删除轨迹'],
      ['eta', '修改预计到达'],
      ['message', '轨迹消息'],
    ],
  },
  { route: 'track-details', name: '轨迹详情', perms: 'track:info', icon: 'History', hidden: true },
  {
    route: 'arriveList',
    name: '提柜管理',
    perms: 'bus:arrive',
    icon: 'Truck',
    buttons: [
      ['edit', '登记提柜'],
      ['sure', '确认到仓'],
      ['cancel', '取消到仓'],
      ['delete', '删除提柜记录'],
      ['print', '打印核对清单'],
      EXPORT,
    ],
  },
  { route: 'arriveDetails', name: '提柜详情', perms: 'arrive:info', icon: 'Profile', hidden: true },
  {
    route: 'arriveOrder',
    name: '海外仓入库',
    perms: 'bus:arriveOrder',
    icon: 'Import',
    buttons: [['sure', '确认入库'], ['cancel', '取消入库'], ['edit', '设置库位'], ['print', '打印标签'], EXPORT],
  },
  {
    route: 'sendOrder',
    name: '派送单',
    perms: 'bus:sendOrder',
    icon: 'Send',
    buttons: [
      ['add', '新增'],
      ['edit', '修改'],
      ['delete', '删除'],
      ['sure', '确认派送'],
      ['cancel', '取消派送'],
      ['print', '打印派车单'],
      EXPORT,
    ],
  },
  {
    route: 'send',
    name: '派送管理',
    perms: 'bus:send',
    icon: 'Car',
    buttons: [['add', '新建派送单'], ['addOrder', '加入派送单'], ['back', '退回库存'], ['print', '打印送货单'], EXPORT],
  },
  {
    route: 'sign-list',
    name: '签收管理',
    perms: 'bus:sign',
    icon: 'Signature',
    buttons: [
      ['sign', '签收'],
      ['batch', '批量签收'],
      ['fail', '签收失败'],
      ['delete', '取消签收'],
      ['upload', '上传签收单'],
      EXPORT,
    ],
  },
  {
    route: 'exception-list',
    name: '问题件',
    perms: 'bus:exception',
    icon: 'Warning',
    buttons: [['add', '登记问题件'], ['handle', '处理异常'], EXPORT],
  },
  {
    route: 'orderListEdit',
    name: '订单修改',
    perms: 'bus:orderListEdit',
    icon: 'Form',
    buttons: [['edit', '修改'], ['batch', '批量修改'], EXPORT],
  },
  {
    route: 'arrivedAddOrder',
    name: '补录查询',
    perms: 'bus:arrivedAddOrder',
    icon: 'FileSync',
    buttons: [['edit', '补录'], EXPORT],
  },
  {
    route: 'noMarkOrder',
    name: '无码入仓',
    perms: 'bus:noMarkOrder',
    icon: 'QuestionCircle',
    buttons: [['add', '登记'], ['assign', '指定唛头'], ['edit', '修改'], ['print', '打印标签'], EXPORT],
  },
  {
    route: 'deliveryfree',
    name: '费用补录',
    perms: 'bus:feeRecord',
    icon: 'MoneyCollect',
    buttons: [['save', '保存'], EXPORT],
  },
];

// ---------------------------------------------------------------------------------------------------------
// /container (bus-container.md §4: lists shown, add and details hidden)
// ---------------------------------------------------------------------------------------------------------
const CONTAINER_SCREENS: readonly ScreenDef[] = [
  {
    route: 'leftAddr-list',
    name: '起运港',
    perms: 'container:leftAddr',
    icon: 'Export',
    buttons: [['edit', '修改'], ['delete', '删除'], EXPORT],
  },
  { route: 'leftAddr-add', name: '新增柜子', perms: 'container:leftAddr:add', icon: 'PlusSquare', hidden: true },
  { route: 'leftAddr-details', name: '起运港详情', perms: 'container:leftAddr:info', icon: 'Profile', hidden: true },
  {
    route: 'destPlace-list',
    name: '目的港',
    perms: 'container:destPlace',
    icon: 'Environment',
    buttons: [['edit', '修改目的港费用'], EXPORT],
  },
  { route: 'destPlace-details', name: '目的港详情', perms: 'container:destPlace:info', icon: 'Profile', hidden: true },
  {
    route: 'destPlacePay-list',
    name: '应付',
    perms: 'container:destPlacePay',
    icon: 'Wallet',
    buttons: [['edit', '修改应付'], ['complete', '标记费用已录齐'], EXPORT],
  },
  {
    route: 'destPlacePay-details',
    name: '应付详情',
    perms: 'container:destPlacePay:info',
    icon: 'Profile',
    hidden: true,
  },
  {
    route: 'destPlaceAmount-list',
    name: '应收',
    perms: 'container:destPlaceAmount',
    icon: 'Fund',
    buttons: [['edit', '修改应收'], EXPORT],
  },
  {
    route: 'destPlaceAmount-details',
    name: '应收详情',
    perms: 'container:destPlaceAmount:info',
    icon: 'Profile',
    hidden: true,
  },
  {
    route: 'destPlaceBalance',
    name: '核销',
    perms: 'container:destPlaceBalance',
    icon: 'Reconciliation',
    buttons: [['writeoff', '核销'], ['cancel', '取消核销'], EXPORT],
  },
  {
    route: 'destPlaceBalance-Details',
    name: '核销详情',
    perms: 'container:destPlaceBalance:info',
    icon: 'Profile',
    hidden: true,
  },
];

// ---------------------------------------------------------------------------------------------------------
// /balance: settlement (balance-bas-system.md §2 and §5; every route also needs the fee role)
// ---------------------------------------------------------------------------------------------------------
const BALANCE_SCREENS: readonly ScreenDef[] = [
  {
    route: 'auditList',
    name: '价格审核',
    perms: 'bus:audit',
    icon: 'Audit',
    buttons: [
      ['approve', '审核'],
      ['cancel', '取消审核'],
      ['getPrice', '从价格表取价'],
      ['recal', '重新计算'],
      ['editFee', '修改费用'],
      EXPORT,
      ['exportBill', '导出账单'],
      ['exportCargo', '导出货物明细'],
    ],
  },
  {
    route: 'auditDetails',
    path: 'auditDetails/:id',
    name: '审核详情',
    perms: 'audit:info',
    icon: 'Profile',
    hidden: true,
  },
  {
    route: 'balanceBill',
    name: '结算列表',
    perms: 'bus:balancebill',
    icon: 'CarryOut',
    buttons: [['settle', '结算'], ['cancelSettle', '取消结算'], EXPORT, ['exportBill', '导出对账单']],
  },
  {
    route: 'writeoffBill',
    name: '核销列表',
    perms: 'bus:writeoffBill',
    icon: 'Reconciliation',
    buttons: [['writeoff', '核销'], ['cancel', '取消核销'], EXPORT],
  },
  {
    route: 'loadBalance',
    name: '按柜核销',
    perms: 'bus:loadBalance',
    icon: 'Block',
    buttons: [['writeoff', '按柜核销'], ['cancel', '取消核销'], EXPORT, ['exportBill', '导出柜子账单']],
  },
  {
    route: 'loadBalanceDetails',
    path: 'loadBalanceDetails/:id',
    name: '按柜核销详情',
    perms: 'loadBalance:info',
    icon: 'Profile',
    hidden: true,
  },
  {
    route: 'balancAll',
    name: '账单管理',
    perms: 'bus:balance',
    icon: 'Snippets',
    buttons: [
      ['approve', '审核'],
      ['cancel', '取消审核'],
      REMOVE,
      ['otherFee', '其他费用'],
      ['writeoff', '核销'],
      ['files', '附件'],
      EXPORT,
      ['exportBill', '导出对账单'],
    ],
  },
  { route: 'bill-add', name: '新增账单', perms: 'bill:add', icon: 'FileAdd', hidden: true },
  { route: 'bill-edit', path: 'bill-edit/:id', name: '修改账单', perms: 'bill:edit', icon: 'Edit', hidden: true },
  {
    route: 'bill-details',
    path: 'bill-details/:id',
    name: '账单详情',
    perms: 'bill:info',
    icon: 'FileText',
    hidden: true,
  },
  {
    route: 'customSettList',
    name: '客户结算记录',
    perms: 'bal:custom',
    icon: 'Solution',
    buttons: [['info', '详情'], ['cancel', '取消核销'], EXPORT],
  },
  {
    route: 'agentSettList',
    name: '代理结算记录',
    perms: 'bal:agent',
    icon: 'Team',
    buttons: [['info', '详情'], ['cancel', '取消核销'], EXPORT],
  },
  {
    route: 'loadStat',
    name: '成本管理',
    perms: 'bus:loadStat',
    icon: 'BarChart',
    buttons: [['editFee', '录入成本'], EXPORT],
  },
];

/** The fee role (balance-bas-system.md §0): a button ticked in a role's menu tree; sits in the Settlement directory. */
const FEE_ROLE_BUTTON: MenuSeed = {
  key: 'balance.fee-view',
  type: 'F',
  name: '费用权限',
  titleKey: permTitleKey('bus:fee:view'),
  perms: 'bus:fee:view',
  order: 99,
};

// ---------------------------------------------------------------------------------------------------------
// /bas: basic data (balance-bas-system.md §3 and §5). A list's Add/Edit/Details buttons need the route key
// of the page they open (the hidden C entries), so only the other actions are F entries.
// ---------------------------------------------------------------------------------------------------------
interface CrudDef {
  prefix: string;
  perms: string;
  /** zh-cn noun: '司机'. */
  noun: string;
  listName: string;
  icon: string;
  detailsRoute: string;
  extraButtons?: readonly ButtonDef[];
}

/** list, add, edit/:id, details/:id: the four screens of a basic-data entity (spec §2). */
function crudScreens(def: CrudDef): ScreenDef[] {
  return [
    {
      route: `${def.prefix}-list`,
      name: def.listName,
      perms: def.perms,
      icon: def.icon,
      buttons: [REMOVE, ...(def.extraButtons ?? [])],
    },
    {
      route: `${def.prefix}-add`,
      name: `新增${def.noun}`,
      perms: `${def.perms}:add`,
      icon: 'PlusSquare',
      hidden: true,
    },
    {
      route: `${def.prefix}-edit`,
      path: `${def.prefix}-edit/:id`,
      name: `修改${def.noun}`,
      perms: `${def.perms}:edit`,
      icon: 'Edit',
      hidden: true,
    },
    {
      route: def.detailsRoute,
      path: `${def.detailsRoute}/:id`,
      name: `${def.noun}详情`,
      perms: `${def.perms}:info`,
      icon: 'Profile',
      hidden: true,
    },
  ];
}

const BAS_SCREENS: readonly ScreenDef[] = [
  {
    route: 'agent-mark',
    name: '代理管理',
    perms: 'bas:agentMark',
    icon: 'Team',
    buttons: [REMOVE, EXPORT],
  },
  { route: 'agent-add', name: '新增代理', perms: 'bas:agentMark:add', icon: 'UserAdd', hidden: true },
  {
    route: 'agent-edit',
    path: 'agent-edit/:id',
    name: '修改代理',
    perms: 'bas:agentMark:edit',
    icon: 'Edit',
    hidden: true,
  },
  {
    route: 'agent-detail',
    path: 'agent-detail/:id',
    name: '代理详情',
    perms: 'bas:agentMark:info',
    icon: 'Idcard',
    hidden: true,
  },
  {
    route: 'custom-mark',
    name: '客户管理',
    perms: 'bas:customMark',
    icon: 'Contacts',
    buttons: [REMOVE, EXPORT],
  },
  { route: 'custom-add', name: '新增客户', perms: 'bas:customMark:add', icon: 'UserAdd', hidden: true },
  {
    route: 'custom-edit',
    path: 'custom-edit/:id',
    name: '修改客户',
    perms: 'bas:customMark:edit',
    icon: 'Edit',
    hidden: true,
  },
  {
    route: 'custom-detail',
    path: 'custom-detail/:id',
    name: '客户详情',
    perms: 'bas:customMark:info',
    icon: 'Idcard',
    hidden: true,
  },
  ...crudScreens({
    prefix: 'price',
    perms: 'bas:price',
    noun: '价格',
    listName: '价格管理',
    icon: 'Tags',
    detailsRoute: 'price-details',
  }),
  { route: 'price-batch', name: '批量调价', perms: 'bas:price:batch', icon: 'Sliders', hidden: true },
  {
    route: 'contPriceList',
    name: '柜型价格',
    perms: 'bas:contPrice',
    icon: 'Gold',
    buttons: [REMOVE],
  },
  { route: 'contPriceAdd', name: '新增柜型价格', perms: 'bas:contPrice:add', icon: 'PlusSquare', hidden: true },
  {
    route: 'contPriceEdit',
    path: 'contPriceEdit/:id',
    name: '修改柜型价格',
    perms: 'bas:contPrice:edit',
    icon: 'Edit',
    hidden: true,
  },
  ...crudScreens({
    prefix: 'driver',
    perms: 'bas:driver',
    noun: '司机',
    listName: '司机管理',
    icon: 'Idcard',
    detailsRoute: 'driver-details',
  }),
  ...crudScreens({
    prefix: 'vehicle',
    perms: 'bas:vehicle',
    noun: '车辆',
    listName: '车辆管理',
    icon: 'Truck',
    detailsRoute: 'vehicle-details',
  }),
  ...crudScreens({
    prefix: 'insurance',
    perms: 'bas:insurance',
    noun: '保险',
    listName: '保险管理',
    icon: 'Insurance',
    detailsRoute: 'insurance-details',
  }),
  ...crudScreens({
    prefix: 'payinfo',
    perms: 'bas:payinfo',
    noun: '收款信息',
    listName: '收款信息',
    icon: 'Bank',
    detailsRoute: 'payinfo-details',
  }),
  ...crudScreens({
    prefix: 'currate',
    perms: 'bas:currate',
    noun: '汇率',
    listName: '汇率管理',
    icon: 'Swap',
    detailsRoute: 'currate-details',
  }),
  {
    route: 'fee-list',
    name: '常规费用',
    perms: 'bas:fee',
    icon: 'OrderedList',
    buttons: [ADD, EDIT, REMOVE],
  },
  {
    route: 'message-list',
    name: '消息管理',
    perms: 'bas:message',
    icon: 'Message',
    buttons: [['add', '发布消息']],
  },
];

// ---------------------------------------------------------------------------------------------------------
// /system (balance-bas-system.md §4; RuoYi keys, plus system:log:*, system:config:* and monitor:online:*)
// ---------------------------------------------------------------------------------------------------------
const SYSTEM_SCREENS: readonly ScreenDef[] = [
  {
    route: 'user',
    name: '用户管理',
    perms: 'system:user:list',
    buttonPrefix: 'system:user',
    icon: 'User',
    buttons: [ADD, EDIT, REMOVE, ['import', '导入'], EXPORT, ['resetPwd', '重置密码'], QUERY],
  },
  {
    route: 'user-auth',
    path: 'user/user-auth/:userId',
    name: '分配角色',
    perms: 'system:user:edit',
    icon: 'UserSwitch',
    hidden: true,
  },
  {
    route: 'role',
    name: '角色管理',
    perms: 'system:role:list',
    buttonPrefix: 'system:role',
    icon: 'Team',
    buttons: [ADD, EDIT, REMOVE, EXPORT, QUERY],
  },
  {
    route: 'role-auth',
    path: 'role-auth/:roleId',
    name: '分配用户',
    perms: 'system:role:edit',
    icon: 'UsergroupAdd',
    hidden: true,
  },
  {
    route: 'menu',
    name: '菜单管理',
    perms: 'system:menu:list',
    buttonPrefix: 'system:menu',
    icon: 'Menu',
    buttons: [ADD, EDIT, REMOVE, QUERY],
  },
  { route: 'dept', name: '部门管理', perms: 'system:dept', icon: 'Apartment', buttons: [ADD, EDIT, REMOVE, QUERY] },
  {
    route: 'log-list',
    name: '日志管理',
    perms: 'system:log:list',
    buttonPrefix: 'system:log',
    icon: 'History',
    buttons: [['query', '日志详情'], ['remove', '删除和清空'], EXPORT, ['unlock', '账户解锁']],
  },
  // RuoYi's 系统监控 › 在线用户 (monitor/online) with RuoYi's keys; the spec has no monitor group, so the one
  // screen sits with the other administration screens (issue 11 item 4; code in modules/monitor).
  {
    route: 'online',
    name: '在线用户',
    perms: 'monitor:online:list',
    buttonPrefix: 'monitor:online',
    icon: 'Desktop',
    buttons: [['forceLogout', '强退']],
  },
  {
    route: 'dict-list',
    name: '字典管理',
    perms: 'system:dict:list',
    buttonPrefix: 'system:dict',
    icon: 'Book',
    buttons: [ADD, EDIT, REMOVE, EXPORT, QUERY],
  },
  {
    route: 'dict-data',
    path: 'dict-data/:dictId',
    name: '字典数据',
    perms: 'system:dict:list',
    icon: 'Read',
    hidden: true,
  },
  {
    route: 'post-list',
    name: '岗位管理',
    perms: 'system:post:list',
    buttonPrefix: 'system:post',
    icon: 'Idcard',
    buttons: [ADD, EDIT, REMOVE, EXPORT, QUERY],
  },
  {
    route: 'config-list',
    name: '参数设置',
    perms: 'system:config:list',
    buttonPrefix: 'system:config',
    icon: 'Control',
    buttons: [ADD, EDIT, REMOVE, EXPORT, QUERY],
  },
];

export const MENU_SEED: MenuSeed[] = [
  group('bus', '业务管理', 'Shopping', '/bus/orderAdd', 1, BUS_SCREENS),
  group('container', '集装箱管理', 'Container', '/container/leftAddr-list', 2, CONTAINER_SCREENS),
  // The spec redirects to /balance/receivable-list, which has no definition; the screens doc picks auditList.
  group('balance', '结算管理', 'AccountBook', '/balance/auditList', 3, BALANCE_SCREENS, [FEE_ROLE_BUTTON]),
  group('bas', '基础资料', 'Database', '/bas/agent-mark', 4, BAS_SCREENS),
  group('system', '系统管理', 'Setting', '/system/user', 5, SYSTEM_SCREENS),
];
