/** The staff API's orders as the back office reads them (react-admin records keyed by their number). */
import type { RaRecord } from 'react-admin';
import type { components } from '../../lib/api/schema.gen.ts';

type Detail = components['schemas']['StaffOrderDetail'];

export type StaffOrderRow = components['schemas']['StaffOrder'] & RaRecord;
/** One order; its history comes with the order's own read (react-admin first shows the list's copy). */
export type StaffOrder = StaffOrderRow & { history?: Detail['history'] };
export type BulkStatusResult = components['schemas']['OrderBulkStatusResult'];
