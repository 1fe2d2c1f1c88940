import type { StaffChange } from '../../audit/staff-changes.ts';

export function toStaffChangeJson(change: StaffChange) {
  return {
    id: change.id,
    at: change.at.toISOString(),
    user: change.user,
    entity: change.entity,
    entity_id: change.entityId,
    action: change.action,
    changes: change.changes,
  };
}
