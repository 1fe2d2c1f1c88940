/** Thrown when a mandatory API parameter is `null` or `undefined` (brief §5). */
export class RequiredError extends Error {
  override name = 'RequiredError';
  readonly param: string;
  readonly operation: string;

  constructor(param: string, operation: string) {
    super(`Required parameter ${param} was null or undefined when calling ${operation}.`);
    this.param = param;
    this.operation = operation;
  }
}

/** @throws RequiredError when `value` is `null` or `undefined`. */
export function assertRequired<T>(value: T, param: string, operation: string): asserts value is NonNullable<T> {
  if (value === null || value === undefined) throw new RequiredError(param, operation);
}
