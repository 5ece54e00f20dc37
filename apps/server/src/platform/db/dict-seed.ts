import type { Tx } from './database';
import { sysDictData, sysDictType } from './dict.table';

/** A seeded dictionary: its type named in the three languages and its entries in order. */
export interface SeedDict {
  type: string;
  name: string;
  nameEn: string;
  nameTh: string;
  items: readonly {
    value: string;
    zh: string;
    en: string;
    th: string;
    listClass?: string;
    isDefault?: boolean;
  }[];
}

/** Inserts a seeded dictionary type and its entries; what already exists stays as it is (seeds run on every start). */
export async function insertSeedDict(tx: Tx, d: SeedDict) {
  await tx
    .insert(sysDictType)
    .values({ dictType: d.type, dictName: d.name, dictNameEn: d.nameEn, dictNameTh: d.nameTh, createBy: 'system' })
    .onConflictDoNothing();
  if (!d.items.length) return;
  await tx
    .insert(sysDictData)
    .values(
      d.items.map((item, i) => ({
        dictType: d.type,
        dictValue: item.value,
        dictLabel: item.zh,
        dictLabelEn: item.en,
        dictLabelTh: item.th,
        dictSort: i + 1,
        listClass: item.listClass ?? 'default',
        isDefault: item.isDefault ? 'Y' : 'N',
        createBy: 'system',
      })),
    )
    .onConflictDoNothing();
}
