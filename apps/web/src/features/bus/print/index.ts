/** Printing orders (labels, piece labels, receipts, fee sheets as PDFs in a new tab). See PrintButtons.tsx. */
export { PrintButtons, type PrintButtonsProps, usePrint } from './PrintButtons';
export { openPrint, PRINT_KINDS, PRINT_PERMS, type PrintKind, printPath } from './print-api';
