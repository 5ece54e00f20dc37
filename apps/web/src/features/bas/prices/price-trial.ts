import type { TPriceTrial } from '@theone/contracts/bas/price.schemas';
import {
  selectPrice,
  type TPriceMatch,
  type TPriceScope,
  type TPriceSelection,
  type TPriceStep,
} from '@theone/contracts/bas/price-selection';
import { cmp } from '@theone/contracts/common/money';
import type { TFunction } from 'i18next';
import type { TGeog, TPrice } from '../api';

/**
 * The freight trial of the price form (docs/domain.md 'Which price row applies'): the server gives every row that can
 * apply to a trial order and the order's chains of places; the web runs the same contracts `selectPrice` over them
 * with the row being edited in place of its saved version, so the form previews what saving would change.
 */

/** The trial order: what an order brings to the choice. */
export interface TTrialKey {
  markId: number | null;
  busType: string;
  leftAddrId: number;
  destAddrId: number;
  cargoType: string;
  /** the order's business day */
  date: string;
}

/** The price form's values (the row being edited or added). */
export interface TPriceDraft {
  markId?: number | null;
  busType?: string;
  leftAddrId?: number;
  destAddrId?: number;
  cargoType?: string;
  currency?: string;
  volumePrice?: string | null;
  weightPrice?: string | null;
  validFromDate?: string;
  validToDate?: string;
}

/** A row of the trial: a saved row, or the form's own (`isDraft`). */
export type TTrialRow = Pick<
  TPrice,
  | 'id'
  | 'markId'
  | 'mark'
  | 'busType'
  | 'leftAddrId'
  | 'destAddrId'
  | 'cargoType'
  | 'currency'
  | 'volumePrice'
  | 'weightPrice'
  | 'validFromDate'
  | 'validToDate'
> & { isDraft?: boolean };

/** A new row has no id yet; saving gives it the highest, so it ranks as the row entered last. */
export const NEW_ROW_ID = Number.MAX_SAFE_INTEGER;

/** The form's row as a trial row, or null while its scope or validity is incomplete. */
export function draftRow(
  draft: TPriceDraft | null | undefined,
  editingId: number | null,
  mark: TPriceTrial<unknown>['mark'],
): TTrialRow | null {
  if (!draft?.busType || !draft.leftAddrId || !draft.destAddrId || !draft.cargoType) return null;
  if (!draft.validFromDate || !draft.validToDate) return null;
  const markId = draft.markId ?? null;
  const code =
    markId === null ? null : markId === mark?.id ? mark.mark : markId === mark?.topMarkId ? mark.topMark : null;
  return {
    id: editingId ?? NEW_ROW_ID,
    markId,
    mark: code,
    busType: draft.busType,
    leftAddrId: draft.leftAddrId,
    destAddrId: draft.destAddrId,
    cargoType: draft.cargoType,
    currency: draft.currency ?? 'RMB',
    volumePrice: draft.volumePrice ?? undefined,
    weightPrice: draft.weightPrice ?? undefined,
    validFromDate: draft.validFromDate,
    validToDate: draft.validToDate,
    isDraft: true,
  };
}

const SAME_TEXT = ['markId', 'busType', 'cargoType', 'currency', 'validFromDate', 'validToDate'] as const;
const sameAmount = (a: string | null | undefined, b: string | null | undefined) =>
  !a || !b ? !a === !b : /^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b) && cmp(a, b) === 0;

/** The form's row says what is saved (an edit page before any change, or after typing the same values back). */
export function sameAsSaved(draft: TTrialRow, saved: TTrialRow): boolean {
  return (
    SAME_TEXT.every((k) => (draft[k] ?? null) === (saved[k] ?? null)) &&
    String(draft.leftAddrId) === String(saved.leftAddrId) &&
    String(draft.destAddrId) === String(saved.destAddrId) &&
    sameAmount(draft.volumePrice, saved.volumePrice) &&
    sameAmount(draft.weightPrice, saved.weightPrice)
  );
}

/**
 * The row the trial order gets: the saved candidates, with the form's row in place of its saved version (when it is
 * complete and differs from it), chosen by contracts' selectPrice with expired rows allowed (the trial says when the
 * best row expired).
 */
export function trialSelection<R extends TTrialRow>(
  trial: Pick<TPriceTrial<R>, 'rows' | 'leftPlaces' | 'destPlaces' | 'mark'>,
  key: TTrialKey,
  draft: R | null,
  editingId: number | null,
): TPriceSelection<R> | null {
  const saved = editingId === null ? undefined : trial.rows.find((r) => r.id === editingId);
  const unchanged = draft !== null && saved !== undefined && sameAsSaved(draft, saved);
  const rows = unchanged ? [...trial.rows] : trial.rows.filter((r) => r.id !== editingId);
  if (draft && !unchanged) rows.push(draft);
  return selectPrice(
    rows,
    {
      markId: key.markId,
      topMarkId: trial.mark?.topMarkId ?? null,
      busType: key.busType,
      cargoType: key.cargoType,
      leftPlaces: trial.leftPlaces,
      destPlaces: trial.destPlaces,
    },
    key.date,
    { includeExpired: true },
  );
}

/** The name of a place in the interface language. */
export function placeName(rows: readonly TGeog[], id: number | string, language: string): string {
  const r = rows.find((g) => String(g.id) === String(id));
  if (!r) return String(id);
  return (language === 'en' ? r.nameEn : language === 'th' ? r.nameTh : r.name) || r.name;
}

/** Country for level '1', city for level '2', province for anything in between. */
export function placeKindKey(rows: readonly TGeog[], id: number | string): string {
  const level = rows.find((g) => String(g.id) === String(id))?.level;
  return level === '1' ? 'bas_place_country' : level === '2' ? 'bas_place_city' : 'bas_place_province';
}

const SCOPE_KEY: Record<TPriceScope, string> = {
  mark: 'bas_trial_scope_mark',
  agent: 'bas_trial_scope_agent',
  all: 'bas_trial_scope_all',
};

export const LOST_KEY: Record<TPriceStep, string> = {
  validity: 'bas_trial_lost_validity',
  scope: 'bas_trial_lost_scope',
  destination: 'bas_trial_lost_destination',
  origin: 'bas_trial_lost_origin',
  validTo: 'bas_trial_lost_valid_to',
  validFrom: 'bas_trial_lost_valid_from',
  id: 'bas_trial_lost_id',
};

export const scopeText = (t: TFunction, scope: TPriceScope, mark: string | null) => t(SCOPE_KEY[scope], { mark });

/**
 * Why the row was picked, in words: "TH002's own price; destination Thailand (country, covers Bangkok); origin
 * Guangzhou (exact); valid 2026-01-01 to 2026-12-31".
 */
export function describeMatch(
  t: TFunction,
  match: TPriceMatch<TTrialRow>,
  key: TTrialKey,
  places: { left: readonly TGeog[]; dest: readonly TGeog[] },
  language: string,
): string {
  const place = (rows: readonly TGeog[], rowPlace: number, orderPlace: number, distance: number) => {
    const name = placeName(rows, rowPlace, language);
    if (distance === 0) return t('bas_trial_place_exact', { place: name });
    return t('bas_trial_place_covers', {
      place: name,
      kind: t(placeKindKey(rows, rowPlace)),
      covered: placeName(rows, orderPlace, language),
    });
  };
  const { row } = match;
  return t('bas_trial_reason', {
    scope: scopeText(t, match.scope, row.mark),
    dest: t('bas_trial_dest', { place: place(places.dest, row.destAddrId, key.destAddrId, match.destDistance) }),
    origin: t('bas_trial_origin', { place: place(places.left, row.leftAddrId, key.leftAddrId, match.leftDistance) }),
    validity: t(match.isOverdue ? 'bas_trial_expired' : 'bas_trial_valid', {
      from: row.validFromDate,
      to: row.validToDate,
    }),
  });
}
