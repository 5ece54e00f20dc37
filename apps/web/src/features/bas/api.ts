import { useQuery } from '@tanstack/react-query';
import type { TMarkAddressRow, TMarkListRow, TMarkOptionRow } from '@theone/contracts/bas/mark.responses';
import type { TStaffKind } from '@theone/contracts/bas/staff';
import { businessToday } from '../../lib/business-time';
import { createQueryKeys } from '../../lib/query-keys';
import { getData } from '../../lib/request';
import { useLanguage } from '../../lib/use-language';

/**
 * Basic data (/bas): query keys, shared reference lookups and row types of the bas screens.
 * Server calls are those of spec §7 'Base data'; money arrives as decimal strings (never summed here).
 */
export const markKeys = createQueryKeys('bas/mark');
export const addrKeys = createQueryKeys('bas/corporationAddr');
export const priceKeys = createQueryKeys('bas/price');
export const contPriceKeys = createQueryKeys('bas/contPrice');
export const driverKeys = createQueryKeys('bas/driver');
export const vehicleKeys = createQueryKeys('bas/vehicle');
export const insuranceKeys = createQueryKeys('bas/insurance');
export const payinfoKeys = createQueryKeys('bas/payinfo');
export const currateKeys = createQueryKeys('bas/currate');
export const refKeys = createQueryKeys('bas/ref');

export type Flag = '0' | '1';

/** An address of a mark: as the server lists it (contracts), or a new one in the form (no id or version yet). */
export type TAddress = Pick<TMarkAddressRow, 'corporation' | 'contact' | 'tel' | 'addr' | 'isDefault'> &
  Partial<Pick<TMarkAddressRow, 'id' | 'markId' | 'version'>>;

/** A mark row (list) or one mark with its addresses (detail): the server's declared answer (contracts). */
export type TMark = TMarkListRow & { addresses?: TMarkAddressRow[] };

export interface TPrice {
  id: number;
  markId: number | null;
  mark: string | null;
  markName: string | null;
  busType: string;
  leftAddrId: number;
  leftAddrName: string | null;
  destAddrId: number;
  destAddrName: string | null;
  cargoType: string;
  currency: string;
  isWeight?: Flag;
  volumePrice?: string;
  weightPrice?: string;
  isWeightAgent?: Flag;
  volumePriceAgent?: string | null;
  weightPriceAgent?: string | null;
  volWgtRate?: string | null;
  wgtVolRate?: string | null;
  validFromDate: string;
  validToDate: string;
  isOverdue: Flag;
  remark: string;
  version: number;
  createBy: string;
  createTime: string;
  updateBy: string;
  updateTime: string | null;
}

export interface TGeog {
  id: number;
  orgId: number;
  parentId: number;
  level: string;
  code: string;
  name: string;
  nameEn: string;
  nameTh: string;
  label: string;
}

/** A picker's staff member (`GET /bas/staff/select`): names in the reader's language, nothing personal. */
export interface TStaff {
  userId: number;
  nickName: string;
  deptName: string;
}

export interface TCurrency {
  id: number;
  code: string;
  label: string;
}

export interface TOption {
  value: number;
  label: string;
}

const localName = (language: string, r: { name: string; nameEn: string; nameTh: string }) =>
  (language === 'en' ? r.nameEn : language === 'th' ? r.nameTh : r.name) || r.name;

/** Geography of one side (1 origin cities, 2 destination countries and cities), labelled in the current language. */
export function useGeog(orgId: 1 | 2) {
  const language = useLanguage();
  const query = useQuery({
    queryKey: refKeys.custom('geog', orgId),
    queryFn: () => getData<TGeog[]>('/bas/geog/select', { orgId }),
    staleTime: 10 * 60_000,
  });
  const rows = query.data ?? [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const labelOf = (id: number | null | undefined) => {
    if (id === null || id === undefined) return '';
    const r = byId.get(Number(id));
    if (!r) return String(id);
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    return parent ? `${localName(language, parent)} · ${localName(language, r)}` : localName(language, r);
  };
  const options: TOption[] = rows.map((r) => ({ value: r.id, label: labelOf(r.id) }));
  return { ...query, rows, options, labelOf };
}

/**
 * Active staff for pickers: `kind` lists the holders of a mark job's post or role (sales, service: contracts
 * STAFF_KINDS), `post` the holders of a post (a driver's user account); neither, everyone.
 */
export function useStaff(post?: string, kind?: TStaffKind) {
  const query = useQuery({
    queryKey: refKeys.custom('staff', post ?? '', kind ?? ''),
    queryFn: () => getData<TStaff[]>('/bas/staff/select', { ...(post ? { post } : {}), ...(kind ? { kind } : {}) }),
    staleTime: 5 * 60_000,
  });
  const options: TOption[] = (query.data ?? []).map((u) => ({
    value: u.userId,
    label: u.deptName ? `${u.nickName} · ${u.deptName}` : u.nickName,
  }));
  return { ...query, options };
}

export function useCurrencies() {
  const query = useQuery({
    queryKey: refKeys.custom('currency'),
    queryFn: () => getData<TCurrency[]>('/bas/currency/select'),
    staleTime: 10 * 60_000,
  });
  const options: TOption[] = (query.data ?? []).map((c) => ({ value: c.id, label: `${c.code} · ${c.label}` }));
  return { ...query, options };
}

export type TMarkOption = TMarkOptionRow;

export function fetchMarkOptions(params: {
  keyword?: string;
  isAgent?: Flag;
  noTopMark?: Flag;
  all?: Flag;
  limit?: number;
}) {
  return getData<TMarkOption[]>('/bas/mark/select', params);
}

/** Today 'YYYY-MM-DD' in the business time zone (the day the server decides validity by), as a form default. */
export const todayText = (): string => businessToday();
