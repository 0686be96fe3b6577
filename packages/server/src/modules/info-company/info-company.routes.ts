import { ACTION, MSG, SECTION } from '@backhaul/shared';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import {
  INFO_COMPANY_BASE,
  InfoCompanyFormSchema,
  InfoCompanySchema,
} from '@backhaul/shared/modules/info-company/info-company.contract';
import type { RouteModule } from '../../platform/http/types';
import { sameText } from '../../platform/record/define-record';
import { defineResource, registerResource } from '../../platform/record/define-resource';
import { infoCompanies as t } from './info-company.table';

const edit = { section: SECTION.Settings, action: ACTION.EDIT };

/** GET /info/company (list), GET …/create, GET …/:id/edit, POST, PUT …/:id, DELETE …/:id. */
export const infoCompany = defineResource({
  base: INFO_COMPANY_BASE,
  key: 'info-company',
  title: 'Companies',
  entity: 'info_company',
  table: t,
  section: SECTION.Settings,
  form: InfoCompanyFormSchema,
  row: InfoCompanySchema,
  toRow: (r) => ({ id: r.id, name: r.name, address: r.address, phone: r.phone, email: r.email }),
  toValues: (f) => ({ name: f.name, address: orNull(f.address), phone: orNull(f.phone), email: orNull(f.email) }),
  unique: [
    { field: 'name', where: (f) => sameText(t.name, f.name), message: (f) => `${f.name} is already in the list.` },
  ],
  messages: { created: MSG.itemAdded, updated: MSG.itemSaved, deleted: MSG.itemDeleted },
  columns: [
    { id: 'id', title: 'ID', column: t.id, filter: 'number', footer: 'count' },
    { id: 'name', title: 'Name', column: t.name, filter: 'note', search: true },
    { id: 'address', title: 'Address', column: t.address, filter: 'note', search: true, clip: 40 },
    { id: 'phone', title: 'Phone', column: t.phone, filter: 'note', search: true },
    { id: 'email', title: 'E-mail', column: t.email, filter: 'note', search: true },
  ],
  defaultSort: { sort: 'name', order: 'asc' },
});

export const infoCompanyRoutes: RouteModule = {
  name: 'info-company',
  register: (app, deps) =>
    registerResource(app, deps, infoCompany, {
      tags: ['Company settings'],
      access: { createForm: edit, create: edit, remove: edit },
    }),
};
