/**
 * A course's free seats as staff accept its sign-ups and give them back: written inside the caller's
 * transaction with the course's row locked, so two sign-ups accepted at once never take the same last
 * seat (the second waits for the first and reads what it left), and journaled as a change of the
 * course's free seats. The caller empties the content caches after its commit.
 */
import { eq } from 'drizzle-orm';
import { plural } from '../../shared/plural.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import type { Db } from '../db/client.ts';
import { courses } from '../db/schema/index.ts';
import { ConflictError } from '../errors.ts';

export const SEATS_TEXT = {
  full: (title: string, left: number, wanted: number) =>
    left === 0
      ? `На курсе «${title}» не осталось свободных мест: добавьте мест в карточке курса или отклоните заявку.`
      : `На курсе «${title}» свободно ${plural(left, ['место', 'места', 'мест'])}, а в заявке ${plural(wanted, ['участник', 'участника', 'участников'])}: добавьте мест в карточке курса или отклоните заявку.`,
  noCourse: 'Курса этой заявки больше нет: принять её нельзя.',
} as const;

const seats = { id: courses.id, title: courses.title, seatsLeft: courses.seatsLeft, seatsTotal: courses.seatsTotal };

async function lockCourse(tx: Db, courseId: number) {
  const [course] = await tx.select(seats).from(courses).where(eq(courses.id, courseId)).for('update');
  return course;
}

async function setSeatsLeft(tx: Db, actor: number, courseId: number, before: number, after: number): Promise<void> {
  await tx.update(courses).set({ seatsLeft: after, updatedAt: new Date() }).where(eq(courses.id, courseId));
  await recordStaffChange(tx, {
    userId: actor,
    entity: 'course',
    entityId: courseId,
    action: 'update',
    before: { seatsLeft: before },
    after: { seatsLeft: after },
  });
}

/**
 * Takes `wanted` seats of a course for an accepted sign-up.
 * @throws ConflictError (409) when fewer seats are free (with `seats_left` and `seats_wanted`), or the
 *   course is gone
 */
export async function takeCourseSeats(tx: Db, actor: number, courseId: number | null, wanted: number): Promise<void> {
  const course = courseId === null ? undefined : await lockCourse(tx, courseId);
  if (!course) throw new ConflictError(SEATS_TEXT.noCourse);
  if (course.seatsLeft < wanted)
    throw new ConflictError(SEATS_TEXT.full(course.title, course.seatsLeft, wanted), {
      seats_left: course.seatsLeft,
      seats_wanted: wanted,
    });
  await setSeatsLeft(tx, actor, course.id, course.seatsLeft, course.seatsLeft - wanted);
}

/**
 * Gives a sign-up's seats back to its course, never above the course's total (staff may have cut it
 * meanwhile); nothing when the course is gone.
 */
export async function returnCourseSeats(tx: Db, actor: number, courseId: number, held: number): Promise<void> {
  const course = await lockCourse(tx, courseId);
  if (!course) return;
  const after = Math.min(course.seatsTotal, course.seatsLeft + held);
  if (after !== course.seatsLeft) await setSeatsLeft(tx, actor, courseId, course.seatsLeft, after);
}

/** How many seats a sign-up asks for: its participants, one when it names none. */
export function seatsWanted(details: Record<string, string | number>): number {
  const participants = Number(details.participants);
  return Number.isInteger(participants) && participants > 0 ? participants : 1;
}
