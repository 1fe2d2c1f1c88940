import pino, { type LoggerOptions } from 'pino';
import { env } from './env.ts';
import { requestId } from './request-scope.ts';

/** The shop's logger options: every line written while serving a request carries its `request_id`. */
export const loggerOptions: LoggerOptions = {
  level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
  // A new object each time: pino merges the line's own fields into it.
  mixin() {
    const id = requestId();
    return id === undefined ? {} : { request_id: id };
  },
};

export const logger = pino(loggerOptions);
