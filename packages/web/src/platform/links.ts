/** The trip and load detail view: the trips list with its drawer open (a row click and the search link here). */
export const tripDetailPath = (tripId: number, loadId?: number | null): string =>
  `/trips/list?${new URLSearchParams({ trip: String(tripId), ...(loadId ? { load: String(loadId) } : {}) })}`;
