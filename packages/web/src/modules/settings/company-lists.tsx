import { ACTION, SECTION } from '@backhaul/shared';
import * as IC from '@backhaul/shared/modules/info-company/info-company.contract';
import * as C from '@backhaul/shared/modules/settings/settings.contract';
import type { z } from 'zod';
import { ResourcePage } from '../../platform/record/resource-page';

/** The company's /info lists (each one declaration on the server): the tab, its page and its dialog. */
export type CompanyList = {
  key: string;
  tab: string;
  title: string;
  noun: string;
  base: `/${string}`;
  schema: z.ZodType;
};

export const COMPANY_LISTS: readonly CompanyList[] = [
  {
    key: 'company',
    tab: 'Companies',
    title: 'Companies',
    noun: 'company',
    base: IC.INFO_COMPANY_BASE,
    schema: IC.InfoCompanyFormSchema,
  },
  {
    key: 'offices',
    tab: 'Offices',
    title: 'Offices',
    noun: 'office',
    base: C.INFO_BASES.offices,
    schema: C.OfficeFormSchema,
  },
  {
    key: 'departments',
    tab: 'Departments',
    title: 'Departments',
    noun: 'department',
    base: C.INFO_BASES.departments,
    schema: C.DepartmentFormSchema,
  },
  {
    key: 'positions',
    tab: 'Positions',
    title: 'Positions',
    noun: 'position',
    base: C.INFO_BASES.positions,
    schema: C.PositionFormSchema,
  },
  {
    key: 'schedule',
    tab: 'Work schedule',
    title: 'Work schedule',
    noun: 'shift',
    base: C.INFO_BASES.schedule,
    schema: C.ScheduleFormSchema,
  },
  {
    key: 'holidays',
    tab: 'Holidays',
    title: 'Holidays',
    noun: 'holiday',
    base: C.INFO_BASES.holidays,
    schema: C.HolidayFormSchema,
  },
  {
    key: 'inventory',
    tab: 'Inventory',
    title: 'Inventory items',
    noun: 'inventory item',
    base: C.INFO_BASES.inventory,
    schema: C.InventoryFormSchema,
  },
  {
    key: 'contacts-types',
    tab: 'Contact types',
    title: 'Contact types',
    noun: 'contact type',
    base: C.INFO_BASES.contactTypes,
    schema: C.ContactTypeFormSchema,
  },
  {
    key: 'documents-types',
    tab: 'Document types',
    title: 'Document types',
    noun: 'document type',
    base: C.INFO_BASES.documentTypes,
    schema: C.DocumentTypeFormSchema,
  },
];

/** One company list: Settings offers view and edit, so every write needs edit (9). */
export const CompanyListPage = ({ list }: { list: CompanyList }) => (
  <ResourcePage
    title={list.title}
    noun={list.noun}
    base={list.base}
    listKey={`info-${list.key}`}
    schema={list.schema}
    section={SECTION.Settings}
    actions={{ create: ACTION.EDIT, delete: ACTION.EDIT }}
  />
);
