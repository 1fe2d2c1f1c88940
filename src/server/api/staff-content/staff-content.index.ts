import { createStaffRouter } from '../staff-router.ts';
import { staffTables } from './staff-content.resources.ts';

export const staffContentRouter = createStaffRouter(staffTables.flatMap((table) => table.routes));

for (const table of staffTables) table.register(staffContentRouter);
