import { sql } from 'drizzle-orm';
import { userLinks } from '../../platform/auth/user.record';
import { brokerLinks } from '../brokers';
import { cityLinks } from '../cities';
import { customerLinks } from '../customers';
import { driverLinks } from '../drivers';
import { trailerLinks } from '../trailers';
import { truckLinks } from '../trucks';
import { loadStops, loads } from './loads.table';
import { trips } from './trips.table';

/**
 * Trips and loads point at customers, drivers, units, brokers, cities and dispatchers without a
 * foreign key: each of those records counts them here, and a delete while any does is refused
 * naming them ('Deletion error: 12 trips').
 */
export function registerTripHolds(): void {
  customerLinks.register('trips', (id) => sql`select count(*) from ${trips} t where t.customer_id = ${id}`);
  driverLinks.register(
    'trips',
    (id) => sql`select count(*) from ${trips} t where t.driver_id = ${id} or t.team_driver_id = ${id}`,
  );
  truckLinks.register('trips', (id) => sql`select count(*) from ${trips} t where t.truck_id = ${id}`);
  trailerLinks.register('trips', (id) => sql`select count(*) from ${trips} t where t.trailer_id = ${id}`);
  userLinks.register('trips', (id) => sql`select count(*) from ${trips} t where t.dispatcher_id = ${id}`);
  brokerLinks.register('loads', (id) => sql`select count(*) from ${loads} l where l.broker_id = ${id}`);
  cityLinks.register(
    'loads',
    (id) => sql`select count(distinct s.load_id) from ${loadStops} s where s.city_id = ${id}`,
  );
}
