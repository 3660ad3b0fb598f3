// A window of a list: how many items, from which position. Every list of the domain takes one.
export interface Page {
  limit: number;
  offset: number;
}
