import { createStaffRouter } from '../staff-router.ts';
import { staffClinicTables } from './staff-clinics.resources.ts';

/** `/staff/clinics/` and `/staff/price_lists/`: staff only, every route. */
export const staffClinicsRouter = createStaffRouter(staffClinicTables.flatMap((table) => table.routes));

for (const table of staffClinicTables) table.register(staffClinicsRouter);
