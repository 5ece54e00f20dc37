/**
 * Who may be a customer's (mark's) sales or customer-service person (issue 10 item 9): a user holding the post or
 * the role of that job (the demo users: 'sales' post and role; customer service: 'cs' post, 'service' role), both
 * enabled. The sales and service pickers of the mark form list exactly them (`GET /bas/staff/select?kind=`), and
 * saving a mark refuses anyone else.
 */
export const STAFF_KINDS = {
  sales: { postCode: 'sales', roleKey: 'sales', field: 'sales' },
  service: { postCode: 'cs', roleKey: 'service', field: 'service' },
} as const;
export type TStaffKind = keyof typeof STAFF_KINDS;
export const STAFF_KIND_LIST = Object.keys(STAFF_KINDS) as [TStaffKind, ...TStaffKind[]];
