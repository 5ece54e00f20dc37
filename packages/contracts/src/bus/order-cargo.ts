import { cargoLineVolume, sumCargoLines } from '../bas/pricing';
import { money, type TMoneyInput, toVolumeString, toWeightString, tryMoney } from '../common/money';

/**
 * Cargo lines and the order's cargo totals (screens orderAdd 'Cargo lines', DOMAIN §4), shared by the form's
 * live totals and the server's save:
 * - a line's volume is L × W × H / 1,000,000 × piece (3 decimals, half up) when the three dimensions are given,
 *   else its typed volume; its size is 'L×W×H';
 * - with lines, cargoPiece is their pieces; cargoWeight their weights (the typed total when no line has a weight,
 *   blank or 0);
 *   cargoVolume their volumes unless the 'measured volume' switch lets the typed volume win;
 * - without lines, the typed totals.
 */

export interface TCargoLineFigures {
  piece: TMoneyInput;
  cargoLength?: TMoneyInput | null;
  cargoWidth?: TMoneyInput | null;
  cargoHight?: TMoneyInput | null;
  weight?: TMoneyInput | null;
  volume?: TMoneyInput | null;
}

const given = (v: TMoneyInput | null | undefined): v is TMoneyInput =>
  v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '') && tryMoney(v) !== null;

const dims = (l: TCargoLineFigures) => given(l.cargoLength) && given(l.cargoWidth) && given(l.cargoHight);

/** The line's m³ (3 decimals). */
export function lineVolume(l: TCargoLineFigures): string {
  if (dims(l)) {
    return cargoLineVolume({ length: l.cargoLength!, width: l.cargoWidth!, height: l.cargoHight!, piece: l.piece });
  }
  return toVolumeString(given(l.volume) ? l.volume : 0);
}

/** 'L×W×H' in cm as typed (trailing zeros dropped), '' without dimensions. */
export function lineSize(l: TCargoLineFigures): string {
  if (!dims(l)) return '';
  const cm = (v: TMoneyInput) => money(v).toString();
  return `${cm(l.cargoLength!)}×${cm(l.cargoWidth!)}×${cm(l.cargoHight!)}`;
}

export interface TOrderCargoTotals {
  cargoPiece: number;
  cargoWeight: string;
  cargoVolume: string;
}

export function orderCargoTotals(o: {
  lines: readonly TCargoLineFigures[];
  cargoPiece?: number | null;
  cargoWeight?: TMoneyInput | null;
  cargoVolume?: TMoneyInput | null;
  volumeManual?: string | boolean | null;
}): TOrderCargoTotals {
  const typedWeight = toWeightString(given(o.cargoWeight) ? o.cargoWeight : 0);
  const typedVolume = toVolumeString(given(o.cargoVolume) ? o.cargoVolume : 0);
  if (!o.lines.length) return { cargoPiece: o.cargoPiece ?? 0, cargoWeight: typedWeight, cargoVolume: typedVolume };
  const sums = sumCargoLines(
    o.lines.map((l) => ({
      piece: l.piece,
      weight: given(l.weight) ? l.weight : null,
      volume: lineVolume(l),
    })),
  );
  const anyWeight = o.lines.some((l) => given(l.weight) && !money(l.weight).isZero());
  const manual = o.volumeManual === true || o.volumeManual === '1';
  return {
    cargoPiece: sums.piece,
    cargoWeight: anyWeight ? sums.weight : typedWeight,
    cargoVolume: manual ? typedVolume : sums.volume,
  };
}
