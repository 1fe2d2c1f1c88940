import { changeText, entrySummary, importTitle } from '../../audit/journal-words.ts';
import type { JournalEntry } from '../../audit/journal.types.ts';
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

export function toJournalEntryJson(entry: JournalEntry) {
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    user: entry.user,
    entity: entry.entity,
    entity_id: entry.entityId,
    link_id: entry.linkId,
    label: entry.label,
    action: entry.action,
    country: entry.country,
    summary: entrySummary(entry),
    changes: entry.changes.map((change) => ({
      field: change.field,
      label: change.label,
      before: change.before ?? null,
      after: change.after ?? null,
      text: changeText(entry, change),
    })),
    import: entry.import
      ? {
          task_id: entry.import.taskId,
          kind: entry.import.kind,
          file_name: entry.import.fileName,
          changes: entry.import.changes,
          title: importTitle(
            { country: entry.entity === 'import' ? entry.country : null, import: entry.import },
            entry.source === 'undo',
          ),
        }
      : null,
  };
}

export function toJournalPersonJson(person: { id: number; email: string; name: string; isStaff: boolean }) {
  return { id: person.id, email: person.email, name: person.name, is_staff: person.isStaff };
}
