/** A page of a list as domain queries take it: at most `limit` items after skipping `offset`. */
export interface Paging {
  limit: number;
  offset: number;
}

/** One page of a list and how many items the whole list holds. */
export interface Paged<T> {
  items: T[];
  count: number;
}
