import type { TLanguage } from './translation-sheet';

/**
 * Names of system records in three languages (docs/adr/0007-system-names-in-three-languages.md): a record keeps
 * its name as typed (`roleName`; the Chinese name for seeded rows) and optional English and Thai names
 * (`roleNameEn`, `roleNameTh`). A reader sees the name of their language, or the typed name when that is empty.
 * The server's SQL twin is `localizedName` in apps/server/src/modules/system/shared/localized.ts.
 */
export function localizedText(
  lang: TLanguage,
  name: string | null | undefined,
  en: string | null | undefined,
  th: string | null | undefined,
): string {
  const own = lang === 'en' ? en : lang === 'th' ? th : undefined;
  return own?.trim() ? own : (name ?? '');
}

/** `localizedText` over a row's `<field>`, `<field>En` and `<field>Th`. */
export function localizedField(row: object, field: string, lang: TLanguage): string {
  const r = row as Record<string, string | null | undefined>;
  return localizedText(lang, r[field], r[`${field}En`], r[`${field}Th`]);
}
