import { logger } from '../logger.ts';

/** The mail area's log lines (`module: "mail"`). */
export const mailLog = logger.child({ module: 'mail' });
