import type { TLanguage } from '@theone/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { basGeog, basInsurance, basMark, basWarehouse } from '../bas.table';
import { nameIn } from '../bas-common';

/** bas's public read of reference names by id (mark codes, places, warehouses, insurances), for order logs. */
export type TRefNameSource = 'mark' | 'geog' | 'house' | 'insurance';

/** Names of the ids the changes hold, by source: mark codes, places and warehouses in the reader's language. */
export async function refNames(db: DbOrTx, ids: Record<TRefNameSource, Set<number>>, lang: TLanguage) {
  const list = (source: TRefNameSource) => sql.param([...ids[source]]);
  const [marks, geogs, houses, insurances] = await Promise.all([
    ids.mark.size
      ? db
          .select({ id: basMark.id, name: basMark.mark })
          .from(basMark)
          .where(sql`${basMark.id} = ANY(${list('mark')}::bigint[])`)
      : [],
    ids.geog.size
      ? db
          .select({ id: basGeog.id, name: basGeog.name, nameEn: basGeog.nameEn, nameTh: basGeog.nameTh })
          .from(basGeog)
          .where(sql`${basGeog.id} = ANY(${list('geog')}::bigint[])`)
      : [],
    ids.house.size
      ? db
          .select({
            id: basWarehouse.id,
            name: basWarehouse.name,
            nameEn: basWarehouse.nameEn,
            nameTh: basWarehouse.nameTh,
          })
          .from(basWarehouse)
          .where(sql`${basWarehouse.id} = ANY(${list('house')}::bigint[])`)
      : [],
    ids.insurance.size
      ? db
          .select({ id: basInsurance.id, name: basInsurance.insuranceName })
          .from(basInsurance)
          .where(sql`${basInsurance.id} = ANY(${list('insurance')}::bigint[])`)
      : [],
  ]);
  return {
    mark: new Map(marks.map((r) => [r.id, r.name])),
    geog: new Map(geogs.map((r) => [r.id, nameIn(lang, r)])),
    house: new Map(houses.map((r) => [r.id, nameIn(lang, r)])),
    insurance: new Map(insurances.map((r) => [r.id, r.name])),
  } satisfies Record<TRefNameSource, Map<number, string>>;
}
