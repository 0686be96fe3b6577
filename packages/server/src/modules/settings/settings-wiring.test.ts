import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';

// A saved setting is read by the screen that uses it: each test saves one through the settings
// calls, then reads it back through the other module's own call, as that screen does.
let t: TestContext;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@backhaul.demo');
  dispatcher = await t.login('dispatcher@backhaul.demo');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: t.bearer(token), ...(payload ? { payload } : {}) });

/** Saves the system settings with some values changed, the rest as they are. */
async function saveSystem(change: (form: Record<string, unknown>) => Record<string, unknown>) {
  const { departments: _d, options: _o, ...form } = (await call('GET', '/settings/system', admin)).json();
  const saved = await call('POST', '/settings/system', admin, change(form));
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json();
}

describe('system settings read by other screens', () => {
  it('the default trailer type is what a new trailer starts with', async () => {
    const types = (await call('GET', '/settings/system', admin)).json().options.trailer_types as Array<{
      id: number;
      name: string;
    }>;
    const chosen = types.at(-1);
    expect(chosen).toBeDefined();
    await saveSystem((f) => ({ ...f, trailer_type: { default_id: chosen?.id } }));
    const form = (await call('GET', '/trailers/create', admin)).json();
    expect(form.options.default_trailer_type_id).toBe(chosen?.id);
    await saveSystem((f) => ({ ...f, trailer_type: { default_id: null } }));
    expect((await call('GET', '/trailers/create', admin)).json().options.default_trailer_type_id).toBeNull();
  });

  it("the default dispatcher starts a new trip for those who see every trip; a dispatcher's is their own", async () => {
    const filters = (await call('POST', '/trips/filters', admin, {})).json().filters;
    const other = filters.dispatchers.at(-1) as { value: number };
    await saveSystem((f) => ({ ...f, dispatcher: { default_dispatcher_id: other.value, default_trip_status: '' } }));
    expect((await call('POST', '/trips/filters', admin, {})).json().filters.defaults).toEqual({
      dispatcher_id: other.value,
    });
    const own = (await call('POST', '/trips/filters', dispatcher, {})).json().filters;
    expect(own.dispatchers).toHaveLength(1);
    expect(own.defaults.dispatcher_id).toBe(own.dispatchers[0].value);
  });

  it('trucks-on-the-road recipients have one list: saved in settings, offered by the send dialog, and back', async () => {
    await saveSystem((f) => ({ ...f, trucksOnTheRoad: ['Yard@Backhaul.demo', 'night@backhaul.demo'] }));
    const offered = (await call('GET', '/truck-road/send', admin)).json();
    expect(offered.emails).toEqual(['night@backhaul.demo', 'yard@backhaul.demo']);
    const none = await saveSystem((f) => ({ ...f, trucksOnTheRoad: [] }));
    expect(none.trucksOnTheRoad).toEqual([]);
    expect((await call('GET', '/truck-road/send', admin)).json().emails).toEqual([]);
  });
});

describe('accounting settings read by invoices and receivables', () => {
  it("an invoice prints the company's terms, due date, remit-to and Zelle; a customer's own terms win", async () => {
    const current = (await call('GET', '/settings/account', admin)).json();
    const saved = await call('POST', '/settings/account', admin, {
      ...current,
      setting: { ...current.setting, remit_to: 'Backhaul Demo Freight, PO Box 77, Dallas TX', payment_terms_days: 21 },
      zelleAccount: { name: 'Backhaul AR', email: 'ar@backhaul.demo', phone: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [customer] = await t.database.query<{ id: number }>(
      "select c.id from customers c join users u on u.company_id = c.company_id where u.email = 'admin@backhaul.demo' order by c.id limit 1",
    );
    await t.database.query('update customers set payment_terms_days = null where id = $1', [customer?.id]);
    const made = await call('POST', '/invoice/new', admin, {
      customer_id: customer?.id,
      from: '2026-10-01',
      to: '2026-10-31',
      lines: [{ description: 'Dispatch fee', quantity: 1, amount: 100 }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().invoice.invoice_id as number;
    // Net terms run from the invoice date, the day it was made (issue 28): made on 2026-11-01 in Chicago.
    await t.database.query("update invoices set created_at = '2026-11-01 15:00+00' where id = $1", [id]);
    const pdf = async () => pdfText((await call('POST', `/invoice/file/${id}`, admin, {})).rawPayload);
    const text = await pdf();
    expect(text).toContain('Net 21');
    // 2026-11-01 + 21 days
    expect(text).toContain('2026-11-22');
    expect(text).toContain('PO Box 77');
    expect(text).toContain('ar@backhaul.demo');

    const due = async () => {
      const list = await call('POST', '/receivables/invoices/list', admin, {
        filters: { customer: { values: [customer?.id] } },
        limit: 500,
      });
      expect(list.statusCode, list.body).toBe(200);
      return list.json().rows.find((r: { invoice_id: number }) => r.invoice_id === id)?.due_date;
    };
    expect(await due()).toBe('2026-11-22');
    await t.database.query('update customers set payment_terms_days = 45 where id = $1', [customer?.id]);
    expect(await pdf()).toContain('Net 45');
    // 2026-11-01 + 45 days
    expect(await due()).toBe('2026-12-16');
  });
});

describe('user account settings (each user their own)', () => {
  it("saves the caller's page size, refuses one off the list, and leaves other users' alone", async () => {
    const first = (await call('GET', '/settings/user-account', dispatcher)).json();
    expect(first.page_size).toBeNull();
    expect(first.page_sizes).toEqual([5, 10, 15, 20, 50, 100, 200, 500]);
    const saved = await call('POST', '/settings/user-account', dispatcher, { page_size: '50' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Settings saved successfully.', page_size: 50 });
    expect((await call('GET', '/settings/user-account', dispatcher)).json().page_size).toBe(50);
    expect((await call('GET', '/settings/user-account', admin)).json().page_size).toBeNull();

    const bad = await call('POST', '/settings/user-account', dispatcher, { page_size: 7 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.page_size).toEqual(['Choose a page size from the list.']);
    expect((await call('GET', '/settings/user-account', dispatcher)).json().page_size).toBe(50);

    const cleared = await call('POST', '/settings/user-account', dispatcher, { page_size: '' });
    expect(cleared.json().page_size).toBeNull();
    const [audit] = await t.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'user_preferences'",
    );
    expect(audit?.n).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/user-account' })).statusCode).toBe(401);
  });

  it("the company's saved default page size is offered when the user has none", async () => {
    await saveSystem((f) => ({ ...f, setting: { ...(f.setting as object), default_page_size: 100 } }));
    expect((await call('GET', '/settings/user-account', admin)).json()).toMatchObject({
      page_size: null,
      company_page_size: 100,
    });
  });
});

describe('company lists read by the employee dialog', () => {
  it("offers the company's offices and inventory catalogue; a serial-required item needs its serial", async () => {
    const made = await call('POST', '/info/inventory', admin, {
      name: 'Fuel card reader',
      category: 'Electronics',
      serial_required: true,
      description: '',
    });
    expect(made.statusCode, made.body).toBe(200);
    const office = await call('POST', '/info/offices', admin, {
      name: 'Memphis yard',
      address: '',
      city: 'Memphis',
      state: 'TN',
      zip: '',
      phone: '',
      email: '',
    });
    expect(office.statusCode, office.body).toBe(200);
    const form = (await call('GET', '/employees/create', admin)).json();
    expect(form.offices).toContain('Memphis yard');
    expect(form.inventory_items).toContainEqual({
      name: 'Fuel card reader',
      category: 'Electronics',
      serial_required: true,
    });

    const employee = {
      name: 'Wiring Test Employee',
      company: '',
      department_id: null,
      office: 'Memphis yard',
      position: '',
      email: '',
      phone: '',
      phone2: '',
      active: true,
      hired_on: '',
    };
    const item = { item: 'fuel card reader', serial: '', issued_on: '', returned_on: '', notes: '' };
    const refused = await call('POST', '/employees', admin, { ...employee, inventory: [item] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'inventory.0.serial': ['This item needs its serial number.'] });
    const saved = await call('POST', '/employees', admin, {
      ...employee,
      inventory: [{ ...item, serial: 'FCR-0042' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('document types read by the driver dialog', () => {
  it("a driver's files may take the company's driver document types, not another subject's", async () => {
    for (const [name, subject] of [
      ['TWIC card', 'Driver'],
      ['Lease agreement', 'Truck'],
    ])
      expect((await call('POST', '/info/documents-types', admin, { name, subject, expires: false })).statusCode).toBe(
        200,
      );
    const form = (await call('GET', '/drivers/getNew', admin)).json();
    expect(form.options.document_types).toContain('TWIC card');
    expect(form.options.document_types).not.toContain('Lease agreement');
  });
});

describe('contact types read by the customer dialog', () => {
  it('a customer keeps contacts typed by the company contact types; a removed one goes, an unknown type is a 422', async () => {
    const billing = await call('POST', '/info/contacts-types', admin, { name: 'Billing desk' });
    expect(billing.statusCode, billing.body).toBe(200);
    const options = (await call('GET', '/customers', admin)).json();
    const type = options.contact_types.find((t: { name: string }) => t.name === 'Billing desk');
    expect(type).toBeDefined();

    const customer = {
      name: 'Contact Wiring Carriers',
      email: '',
      phone: '',
      mc_number: '',
      dot_number: '',
      frozen: 0,
      address: '',
      city: '',
      state: '',
      zip: '',
      sale_manager_id: null,
      factoring_company_id: null,
      find_us: '',
      services: [],
      exceptions: [],
    };
    const made = await call('POST', '/customers/create', admin, {
      ...customer,
      contacts: [
        { type_id: String(type.id), name: 'Pat Payables', phone: '(214) 555-0111', email: 'AP@carrier.test' },
        { type_id: '', name: 'Night dispatcher', phone: '', email: '' },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const saved = made.json().customer;
    expect(saved.contacts).toEqual([
      expect.objectContaining({
        type_id: type.id,
        type: 'Billing desk',
        name: 'Pat Payables',
        email: 'ap@carrier.test',
      }),
      expect.objectContaining({ type_id: null, type: null, name: 'Night dispatcher' }),
    ]);

    const [pat, night] = saved.contacts as Array<{ id: number }>;
    const updated = await call('POST', '/customers/update', admin, {
      ...customer,
      division_id: saved.id,
      contacts: [{ id: pat?.id, type_id: String(type.id), name: 'Pat Payables', phone: '', email: 'ap@carrier.test' }],
      contacts_removed: [night?.id],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().customer.contacts.map((c: { name: string }) => c.name)).toEqual(['Pat Payables']);

    const bad = await call('POST', '/customers/update', admin, {
      ...customer,
      division_id: saved.id,
      contacts: [{ type_id: 999999, name: 'Someone', phone: '', email: '' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'contacts.0.type_id': ['Choose from the list.'] });
  });
});

describe('the other system settings and their readers', () => {
  it('the trip dialog routes on the road network whatever the road factor; the company name is what documents print; report contacts are offered', async () => {
    const miles = async () =>
      (
        await call('POST', '/trips/milesTrip', admin, {
          stops: [
            { type: 1, city: 'Dallas', state: 'TX', zip: '75201' },
            { type: 2, city: 'Houston', state: 'TX', zip: '77002' },
          ],
        })
      ).json().mileage.loaded as number;
    // Issue 30: the miles are routed (Dallas–Houston 239 on I-45), no longer great circle × this factor.
    await saveSystem((f) => ({ ...f, maps: { provider: 'offline', road_factor: 1 } }));
    const one = await miles();
    await saveSystem((f) => ({ ...f, maps: { provider: 'offline', road_factor: 1.5 } }));
    expect(await miles()).toBe(one);
    expect(Math.abs(one - 239)).toBeLessThanOrEqual(12);

    await saveSystem((f) => ({
      ...f,
      setting: { ...(f.setting as object), company_name: 'Backhaul Wiring Freight' },
      report_contacts: ['Reports@Backhaul.demo'],
    }));
    const [company] = await t.database.query<{ name: string }>(
      "select c.name from companies c join users u on u.company_id = c.id where u.email = 'admin@backhaul.demo'",
    );
    expect(company?.name).toBe('Backhaul Wiring Freight');
    expect((await call('GET', '/reports/options', admin)).json().report_contacts).toEqual(['reports@backhaul.demo']);
  });
});

describe('invoice numbering (Accounting settings)', () => {
  it('each new invoice takes the next number with the prefix, distinct under parallel requests', async () => {
    const current = (await call('GET', '/settings/account', admin)).json();
    const saved = await call('POST', '/settings/account', admin, {
      ...current,
      setting: { ...current.setting, invoice_prefix: 'BHW-', next_invoice_number: 700 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [customer] = await t.database.query<{ id: number }>(
      "select c.id from customers c join users u on u.company_id = c.company_id where u.email = 'admin@backhaul.demo' order by c.id limit 1",
    );
    const make = () =>
      call('POST', '/invoice/new', admin, {
        customer_id: customer?.id,
        from: '2026-10-01',
        to: '2026-10-31',
        lines: [{ description: 'Numbering test', quantity: 1, amount: 10 }],
      });
    const first = (await make()).json().invoice;
    expect(first.number).toBe('BHW-700');
    const text = await pdfText((await call('POST', `/invoice/file/${first.invoice_id}`, admin, {})).rawPayload);
    expect(text).toContain('Invoice #BHW-700');

    const parallel = await Promise.all(Array.from({ length: 5 }, () => make()));
    const numbers = parallel.map((r) => r.json().invoice.number as string).sort();
    expect(numbers).toEqual(['BHW-701', 'BHW-702', 'BHW-703', 'BHW-704', 'BHW-705']);
    expect((await call('GET', '/settings/account', admin)).json().setting.next_invoice_number).toBe(706);

    // The default service is where the generator's form starts.
    const account = (await call('GET', '/settings/account', admin)).json();
    const chosen = account.service.find((x: { status: number }) => x.status === 1);
    const withDefault = await call('POST', '/settings/account', admin, {
      ...account,
      service: account.service.map((x: { id: number }) => ({ ...x, default: x.id === chosen.id })),
    });
    expect(withDefault.statusCode, withDefault.body).toBe(200);
    expect((await call('GET', '/generate-invoice/create', admin)).json().default_service_id).toBe(chosen.id);
  });
});
