import { describe, expect, it } from 'vitest';
import { recordRoutes, routeCall } from './routes';

describe('record routes', () => {
  it('gives the /info pattern, with calls replaced or left out', () => {
    expect(recordRoutes('/info/company')).toEqual({
      createForm: 'GET /info/company/create',
      editForm: 'GET /info/company/:id/edit',
      create: 'POST /info/company',
      update: 'PUT /info/company/:id',
      remove: 'DELETE /info/company/:id',
    });
    const brokers = recordRoutes('/brokers', { createForm: false, create: 'POST /broker/new' });
    expect(brokers.createForm).toBeUndefined();
    expect(brokers.create).toBe('POST /broker/new');
  });

  it('fills the parameters of a call, regex constraints included', () => {
    expect(routeCall('PUT /trucks/:id', { id: 7 })).toEqual({ method: 'PUT', url: '/trucks/7' });
    expect(routeCall('POST /trucks/notes/:parentId/store', { parentId: 3 }).url).toBe('/trucks/notes/3/store');
    expect(routeCall('POST /customers/:type(^create$|^update$)', { type: 'update' }).url).toBe('/customers/update');
    expect(() => routeCall('DELETE /x/:id')).toThrow(/no value for :id/);
  });
});
