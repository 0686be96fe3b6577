// Routes whose screen is not built yet: they show the one "not available yet" page.
// routes.spec.ts checks this list against the app both ways, so it can only shrink: build a
// screen, then take its path off this list.
export const UNBUILT_ROUTES: readonly string[] = [];
