import { clinicalKinds } from './kinds-clinical.ts';
import { supplyKinds } from './kinds-supplies.ts';

export const kinds = { ...clinicalKinds, ...supplyKinds };
export type KindName = keyof typeof kinds;
