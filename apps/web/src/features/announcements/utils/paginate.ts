/** Number of pages for `total` items (at least one, so an empty list still has page 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The items of zero-based `page`. */
export function pageItems<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice(page * size, page * size + size);
}
