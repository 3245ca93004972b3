/** Paging of list operations: `page` is 1-based; `limit` bounded by the contract (max 999). */
export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

export function pageRequest(query: { page?: number; limit?: number } | undefined, defaultLimit = 20): PageRequest {
  const page = query?.page ?? 1;
  const limit = query?.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** The paged envelope `{items, metadata}` of the contract. */
export function paged<T>(items: T[], totalItems: number, req: PageRequest) {
  return {
    items,
    metadata: {
      totalItems,
      itemCount: items.length,
      itemsForPage: req.limit,
      totalPages: Math.ceil(totalItems / req.limit),
      currentPage: req.page,
    },
  };
}
