/**
 * The load plan's parts other screens reuse (loadList/loadDetails, track): the Load dialog (container data of A12),
 * the fill gauge and bar, and the load record's calls and types.
 */
export * from './api';
export { FILL_COLORS, FillBar, FillGauge, type FillGaugeProps } from './FillGauge';
export {
  isTruckType,
  LoadDialog,
  type LoadDialogProps,
  type LoadDialogTarget,
  normaliseContainerNo,
} from './LoadDialog';
export { LoadPhotos } from './LoadPhotos';
export { LoadSumsFooter } from './LoadSumsFooter';
