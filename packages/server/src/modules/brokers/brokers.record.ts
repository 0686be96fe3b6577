import { SECTION } from '@backhaul/shared';
import { BrokerFormSchema, type BrokerRow, BrokerRowSchema } from '@backhaul/shared/modules/brokers/brokers.contract';
import { orNull } from '@backhaul/shared/modules/customers/contact-fields';
import { references } from '../../platform/module-hooks';
import { defineRecord } from '../../platform/record/define-record';
import { brokers } from './brokers.table';

export const toBrokerRow = (b: typeof brokers.$inferSelect): BrokerRow => ({
  broker_id: b.id,
  broker: b.name,
  mc_number: b.mcNumber,
  pa_street_1: b.paStreet1,
  pa_city: b.paCity,
  pa_state: b.paState,
  pa_zip: b.paZip,
  email_address: b.emailAddress,
  local_phone: b.localPhone,
});

/** The loads of a broker (trips, a module above this one, registers their count): they keep it from deletion. */
export const brokerLinks = references();

/** A freight broker of the company; one that loads name is kept ('Deletion error: 12 loads'). */
export const brokerRecord = defineRecord({
  table: brokers,
  section: SECTION.Brokers,
  form: BrokerFormSchema,
  row: BrokerRowSchema,
  toRow: toBrokerRow,
  toValues: (form) => ({
    name: form.broker,
    mcNumber: orNull(form.mc_number),
    paStreet1: orNull(form.pa_street_1),
    paCity: orNull(form.pa_city),
    paState: orNull(form.pa_state),
    paZip: orNull(form.pa_zip),
    emailAddress: orNull(form.email_address.toLowerCase()),
    localPhone: orNull(form.local_phone),
  }),
  heldBy: brokerLinks,
});
