import { definedLists, type ListDefinition } from '../src/platform/list/define-list';

/** Test fixture lists are keyed `*-test` (see `forgetList`). */
const FIXTURE_KEY = /-test$/;

/**
 * The lists the app's modules declare. Test files share one module registry per worker
 * (`isolate: false`), so a fixture list another file declared over a table of its own database may
 * still be registered when a walk over every list runs; the walk leaves those out.
 */
export const appLists = (): ListDefinition[] => definedLists().filter((def) => !FIXTURE_KEY.test(def.key));
