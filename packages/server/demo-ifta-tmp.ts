import { openPostgres } from './src/db/client';
import { prepareDatabase } from './src/db/prepare';
import { iftaReport } from './src/modules/ifta/ifta.service';
import type { AuthUser } from './src/platform/auth/access';

const base = 'postgres://postgres@127.0.0.1:55432';
const name = 'ifta_demo_helper';
const admin = await openPostgres(`${base}/postgres`, 1);
if (process.argv[2] === 'fresh') {
  await admin.exec(`drop database if exists ${name} with (force)`);
  await admin.exec(`create database ${name}`);
}
await admin.close();
const db = await openPostgres(`${base}/${name}`, 4);
let t = Date.now();
await prepareDatabase(db, { SEED: 'demo', SEED_SCALE: 1, DEMO_PASSWORD: 'backhaul' }, (l) => console.log(l, Date.now() - t));
const [u] = await db.query<{ id: number; company_id: number }>("select id, company_id from users where email = 'admin@backhaul.demo'");
const user = { id: u!.id, companyId: u!.company_id } as AuthUser;
const quarter = process.argv[3] ?? '2026-Q3';
t = Date.now();
const r = await iftaReport(db.db, user, { quarter });
console.log('report ms', Date.now() - t);
console.table(r.rows);
console.log(JSON.stringify({ ...r, rows: r.rows.length }, null, 1));
const loads = await db.query(`select count(*) n, sum(mileage_loaded) loaded, sum(mileage_empty) empty from loads where (delivery_at at time zone 'America/Chicago')::date between '${r.from}' and '${r.to}'`);
console.log(loads);
await db.close();
