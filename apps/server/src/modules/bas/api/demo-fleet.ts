import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/database';
import { basDriver, basVehicle } from '../bas.table';

/**
 * bas's demo fleet for the destination demo data (bus/arrive/destination.seed.ts, outside production): two Bangkok
 * delivery drivers with a pickup and a van, the first linked to the demo 'driver' account (a driver signing in sees their
 * own runs, screens Q7), and a trailer with its driver for collecting containers at the border. Added once:
 * an existing plate is kept as it is. ADR 0011: bus writes no bas table.
 */

export interface TDemoFleet {
  /** delivery drivers (the first is the demo 'driver' account's) */
  drivers: { id: number; vehicleId: number; name: string }[];
  /** the trailer that collects containers, and its driver */
  pickup: { driverId: number; vehicleId: number };
}

const FLEET = [
  { plate: 'ฒฮ 5521 กรุงเทพมหานคร', type: '1', kg: 1000, cbm: '4.50', name: 'สมชาย ใจดี', phone: '0812345670' },
  { plate: 'ฒฮ 5522 กรุงเทพมหานคร', type: '6', kg: 1500, cbm: '8.00', name: 'อนันต์ ศรีสุข', phone: '0812345671' },
  { plate: '70-8812 กรุงเทพมหานคร', type: '5', kg: 25000, cbm: '68.00', name: 'ประเสริฐ มั่นคง', phone: '0812345672' },
] as const;

export async function ensureDemoFleet(db: DbOrTx, driverUserId: number | null, by: string): Promise<TDemoFleet> {
  const plates = FLEET.map((f) => f.plate);
  const known = await db
    .select({ id: basVehicle.id, plateNo: basVehicle.plateNo, driverId: basVehicle.driverId })
    .from(basVehicle)
    .where(inArray(basVehicle.plateNo, plates));
  const rows: { driverId: number; vehicleId: number; name: string }[] = [];
  for (const [i, f] of FLEET.entries()) {
    const had = known.find((k) => k.plateNo === f.plate);
    if (had?.driverId) {
      rows.push({ driverId: had.driverId, vehicleId: had.id, name: f.name });
      continue;
    }
    const vehicleId =
      had?.id ??
      (
        await db
          .insert(basVehicle)
          .values({
            plateNo: f.plate,
            country: 'TH',
            vehicleType: f.type,
            capacityKg: f.kg,
            capacityCbm: f.cbm,
            createBy: by,
          })
          .returning({ id: basVehicle.id })
      )[0]!.id;
    const [driver] = await db
      .insert(basDriver)
      .values({
        driverName: f.name,
        phone: f.phone,
        country: 'TH',
        licenceNo: `TH-DL-DEMO-${i + 1}`,
        vehicleId,
        userId: i === 0 ? driverUserId : null,
        createBy: by,
      })
      .returning({ id: basDriver.id });
    await db.update(basVehicle).set({ driverId: driver!.id }).where(eq(basVehicle.id, vehicleId));
    rows.push({ driverId: driver!.id, vehicleId, name: f.name });
  }
  const [a, b, truck] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  return {
    drivers: [a, b].map((r) => ({ id: r.driverId, vehicleId: r.vehicleId, name: r.name })),
    pickup: { driverId: truck.driverId, vehicleId: truck.vehicleId },
  };
}
