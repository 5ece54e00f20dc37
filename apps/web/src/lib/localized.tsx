import { localizedField } from '@theone/contracts/common/localized';
import { useCallback } from 'react';
import { useLanguage } from './use-language';

/**
 * `localName(row, 'roleName')`: a system record's name in the interface language, from its `roleName`,
 * `roleNameEn` and `roleNameTh` (docs/adr/0007-system-names-in-three-languages.md): the typed name where the
 * language has none. Re-renders on a language switch, like dictionary labels.
 */
export function useLocalName(): (row: object | null | undefined, field: string) => string {
  const language = useLanguage();
  return useCallback((row, field) => (row ? localizedField(row, field, language) : ''), [language]);
}

/** `<LocalName row={r} field="nickName" />`: the same, for column definitions outside a component. */
export function LocalName(props: { row: object | null | undefined; field: string }) {
  return <>{useLocalName()(props.row, props.field)}</>;
}
