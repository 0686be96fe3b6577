import { SearchQuerySchema, SearchResponseSchema } from '@backhaul/shared/modules/search/search.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { globalSearch } from './search.service';

/** GET /api/search?q=: the header's global search (Ctrl+K), each group in the caller's grants and row scope. */
export const searchRoutes: RouteModule = {
  name: 'search',
  register(app, { database: { db } }) {
    app.get('/search', {
      config: { access: 'session' },
      schema: { tags: ['Search'], querystring: SearchQuerySchema, response: { 200: SearchResponseSchema } },
      handler: (req) => globalSearch(db, caller(req), req.query.q),
    });
  },
};
