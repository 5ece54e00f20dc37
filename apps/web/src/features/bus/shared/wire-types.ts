import type { TWire } from '@theone/contracts/common/responses';
import type { z } from 'zod';

/**
 * The wire types (what the browser receives: timestamps as ISO text, decimals as strings) of every schema a contracts
 * module exports, by the schema's name without its leading Z. A feature declares them once from its contracts module
 * instead of one alias per schema:
 *
 *   import type * as ArriveSchemas from '@theone/contracts/bus/arrive.schemas';
 *   export type ArriveWire = WireTypes<typeof ArriveSchemas>;
 *   // ArriveWire['ArriveRow'] is TWire<typeof ZArriveRow>
 */
export type WireTypes<Module> = {
  [Name in keyof Module as Name extends `Z${infer Rest}` ? Rest : never]: Module[Name] extends z.ZodType
    ? TWire<Module[Name]>
    : never;
};
