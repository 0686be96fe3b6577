import type { Grant } from '@backhaul/shared';
import type { TestContext } from './harness';

/**
 * Records a test needs, made through the API as a user would (so every rule, default and audit of
 * the engine applies), each with unique names: a test states what it needs instead of picking
 * rows of the demo seed. `as` is the caller's token (default: the demo admin).
 */
export function factories(t: TestContext, opts: { as?: string } = {}) {
  let n = 0;
  const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now().toString(36)}-${++n}`;
  const digits = (length: number) => String(Date.now() * 1000 + (++n % 1000)).slice(-length);
  let admin: string | undefined = opts.as;
  const token = async () => {
    admin ??= await t.login('admin@backhaul.demo');
    return admin;
  };
  async function call<T>(method: 'POST' | 'PUT', url: string, payload: object, key: string): Promise<T> {
    const res = await t.app.inject({ method, url: `/api${url}`, payload, headers: t.bearer(await token()) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json()[key] as T;
  }

  const customer = (form: Record<string, unknown> = {}) =>
    call<{ id: number; name: string }>(
      'POST',
      '/customers/create',
      {
        name: unique('Customer'),
        email: '',
        phone: '',
        mc_number: '',
        dot_number: '',
        address: '',
        city: '',
        state: '',
        zip: '',
        sale_manager_id: null,
        factoring_company_id: null,
        frozen: 0,
        services: ['dispatch'],
        find_us: '',
        ...form,
      },
      'customer',
    );

  return {
    unique,

    /**
     * A user holding exactly these grants: a customer user with `customerId`, in another company
     * with `companyId` (its session reads the company on each request).
     */
    user: async (grants: Grant[], extra: { customerId?: number | null; role?: number; companyId?: number } = {}) => {
      const { companyId, ...rest } = extra;
      const made = await t.createUser({
        email: `${unique('user').replace(/\W+/g, '-')}@backhaul.test`,
        grants,
        ...rest,
      });
      if (companyId !== undefined)
        await t.database.query('update users set company_id = $1 where id = $2', [companyId, made.user.id]);
      return made;
    },

    /** Another tenant: what its users see must never include ours. */
    company: async (name = unique('Company')) =>
      (await t.database.query<{ id: number }>('insert into companies (name) values ($1) returning id', [name]))[0]
        ?.id as number,

    customer,

    broker: (form: Record<string, unknown> = {}) =>
      call<{ broker_id: number; broker: string }>(
        'POST',
        '/broker/new',
        {
          broker: unique('Broker'),
          mc_number: digits(6),
          pa_street_1: '',
          pa_city: '',
          pa_state: '',
          pa_zip: '',
          email_address: '',
          local_phone: '',
          ...form,
        },
        'broker',
      ),

    employee: (form: Record<string, unknown> = {}) =>
      call<{ employee_id: number; name: string }>(
        'POST',
        '/employees',
        {
          name: unique('Employee'),
          company: '',
          department_id: null,
          office: '',
          position: '',
          email: '',
          phone: '',
          phone2: '',
          active: true,
          hired_on: '',
          inventory: [],
          ...form,
        },
        'employee',
      ),

    trailer: (form: Record<string, unknown> = {}) =>
      call<{ id: number; trailer_number: string }>(
        'POST',
        '/trailers',
        { trailer_number: `T${digits(7)}`, status: 'active', ...form },
        'trailer',
      ),

    truck: (form: Record<string, unknown> = {}) =>
      call<{ id: number; truck_number: string }>(
        'POST',
        '/trucks',
        { truck_number: `K${digits(7)}`, status: 'active', ...form },
        'truck',
      ),

    driver: (form: Record<string, unknown> = {}) =>
      call<{ id: number; driver: string }>(
        'POST',
        '/drivers/new',
        {
          driver: unique('Driver'),
          phone: `312${digits(7)}`,
          phone2: '',
          email: '',
          driver_type: 'company',
          safety: false,
          service: 'dispatch',
          eld_name: '',
          customer_id: null,
          truck_id: null,
          trailer_id: null,
          trailer_type_id: null,
          amount: '0.60',
          payment_type: 'per_mile',
          cdl_number: '',
          cdl_expires_on: '',
          medical_card_expires_on: '',
          hired_on: '',
          active: true,
          ...form,
        },
        'driver',
      ),

    /**
     * A trip of `loads` loads (Chicago → Indianapolis, delivered on `day`), dispatched by
     * `dispatcherId` (default: the caller) for `customerId` (default: a new customer).
     */
    trip: async (
      opts: {
        customerId?: number;
        dispatcherId?: number;
        driverId?: number;
        truckId?: number;
        loads?: number;
        /** Loaded miles of each load. */
        miles?: number;
        day?: string;
        gross?: number;
      } = {},
    ) => {
      const customerId = opts.customerId ?? (await customer()).id;
      const dispatcherId =
        opts.dispatcherId ??
        (await t.database.query<{ id: number }>("select id from users where email = 'admin@backhaul.demo'"))[0]?.id;
      const day = opts.day ?? '2026-03-02';
      const load = (i: number) => ({
        gross: opts.gross ?? 1000 + i,
        ...(opts.miles ? { mileage_loaded: opts.miles } : {}),
        stops: [
          { type: 1, city: 'Chicago', state: 'IL', zip: '60601', at: `${day} 08:00` },
          { type: 2, city: 'Indianapolis', state: 'IN', zip: '46204', at: `${day} 16:00` },
        ],
      });
      return call<{ trip_id: number; loads: Array<{ load_id: number; gross: number }> }>(
        'POST',
        '/trips/update/0',
        {
          customer_id: customerId,
          dispatcher_id: dispatcherId,
          ...(opts.driverId ? { driver_id: opts.driverId } : {}),
          ...(opts.truckId ? { truck_id: opts.truckId } : {}),
          loads: Array.from({ length: opts.loads ?? 1 }, (_, i) => load(i)),
        },
        'trip',
      );
    },
  };
}

export type Factories = ReturnType<typeof factories>;
