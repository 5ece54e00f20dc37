/**
 * The permission keys of the order prints (spec §7 'print'; screens bus-container.md §5): the server accepts a
 * print when the caller holds any key of its kind, and a screen shows a print button to those who do. Label prints
 * belong to every order screen with a 'Print' button; piece labels to the screens of received orders; receipts to
 * the warehouse and order screens; fee sheets need bus:order:printFee (and the fee role).
 */
export const PRINT_KEYS = {
  label: [
    'bus:orderAdd:print',
    'bus:unOrder:print',
    'bus:inOrder:print',
    'bus:noMarkOrder:print',
    'bus:order:print',
    'bus:arriveOrder:print',
  ],
  pieces: ['bus:inOrder:print', 'bus:noMarkOrder:print', 'bus:order:print', 'bus:arriveOrder:print'],
  receipt: ['bus:inOrder:print', 'bus:order:print'],
  fee: ['bus:order:printFee'],
} as const;

/** An order print: 'label' (100 × 75 mm per order), 'pieces' (per piece), 'receipt' and 'fee' (A4 per order). */
export type TPrintKind = keyof typeof PRINT_KEYS;
