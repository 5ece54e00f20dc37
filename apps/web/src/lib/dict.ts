import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Language } from './languages';
import { shellKeys } from './query-keys';
import { getData } from './request';
import { useLanguage } from './use-language';

/**
 * Dictionaries (`GET /system/dict/data/type/{dictType}`), cached per type for the session (spec §7
 * 'cached per type'); labels in the current language (`dictLabelEn`, `dictLabelTh`, zh-cn `dictLabel`).
 */
export interface DictEntry {
  dictCode?: number;
  dictLabel: string;
  dictLabelEn?: string | null;
  dictLabelTh?: string | null;
  dictValue: string;
  listClass?: string | null;
  cssClass?: string | null;
  isDefault?: string | boolean | null;
}

export function dictLabel(entry: DictEntry, language: Language): string {
  if (language === 'en') return entry.dictLabelEn || entry.dictLabel;
  if (language === 'th') return entry.dictLabelTh || entry.dictLabel;
  return entry.dictLabel;
}

export const fetchDict = (dictType: string) =>
  getData<DictEntry[]>(`/system/dict/data/type/${encodeURIComponent(dictType)}`);

export function useDict(dictType: string) {
  return useQuery({
    queryKey: shellKeys.dict(dictType),
    queryFn: async () => (await fetchDict(dictType)) ?? [],
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** `label(value)` for a dictionary: the entry's label in the current language, or the value itself. */
export function useDictLabel(dictType: string) {
  const { data } = useDict(dictType);
  const language = useLanguage();
  return useCallback(
    (value: unknown) => {
      const entry = data?.find((e) => e.dictValue === String(value));
      return entry ? dictLabel(entry, language) : value === null || value === undefined ? '' : String(value);
    },
    [data, language],
  );
}
