import { ACTION, IdParamsSchema, SECTION } from '@backhaul/shared';
import { ELD_BASE, ODOMETER_ROUTES, TruckOdometerSchema } from '@backhaul/shared/modules/eld/eld.contract';
import { caller } from '../../platform/auth/guard';
import type { RouteModule } from '../../platform/http/types';
import { registerImportRoutes } from '../../platform/import/import';
import { registerListRoute } from '../../platform/list/list.routes';
import { registerRecordRoutes } from '../../platform/record/record.routes';
import { onFuelOdometer } from '../driver-pay';
import { routingFromConfig } from '../mileage';
import { onCheckInOdometer } from '../work-orders';
import { eldMilesImport, odometerImport } from './eld.import';
import { eldMilesList, odometerReadingsList } from './eld.list';
import { odometerReadingRecord } from './eld.record';
import { truckOdometer } from './eld.service';
import { followCheckIns, followFuelOdometers } from './eld-followers';
import { useOdometerRouting } from './odometer-now';

const tags = ['ELD and odometers'];

/**
 * ELD data and odometers (issue 30): the jurisdiction-miles and odometer imports and their lists
 * (Fuel), a truck's odometer and typed readings (Trucks); fuel rows and work-order check-ins feed
 * readings through their modules' hooks.
 */
export const eldRoutes: RouteModule = {
  name: 'eld',
  register(app, deps) {
    const { db } = deps.database;
    const provider = routingFromConfig(deps.config);
    useOdometerRouting(provider);
    onFuelOdometer(followFuelOdometers);
    onCheckInOdometer(followCheckIns);
    const fuel = (action?: number) => ({ section: SECTION.Fuel, ...(action ? { action } : {}) });
    registerListRoute(app, db, eldMilesList, { url: `${ELD_BASE}/miles/list`, tags });
    registerListRoute(app, db, odometerReadingsList, { url: `${ELD_BASE}/odometer/list`, tags });
    const imports = { db, maxBytes: deps.files.maxBytes, access: fuel(ACTION.CREATE), tags };
    registerImportRoutes(app, { ...imports, base: `${ELD_BASE}/miles`, spec: eldMilesImport });
    registerImportRoutes(app, { ...imports, base: `${ELD_BASE}/odometer`, spec: odometerImport });
    registerRecordRoutes(app, deps, odometerReadingRecord, { tags, key: 'reading', routes: ODOMETER_ROUTES });
    app.get(`${ELD_BASE}/trucks/:id/odometer`, {
      config: { access: { section: SECTION.Trucks } },
      schema: { tags, params: IdParamsSchema, response: { 200: TruckOdometerSchema } },
      handler: (req) => truckOdometer(db, caller(req).user, req.params.id, provider),
    });
  },
};
