// The trip dialog's form: a new load, a trip as the form holds it and back as the contract reads it,
// a rate confirmation's load, and the loads whose gross is $0.
import type { ExtractedLoad } from '@backhaul/shared/modules/extraction/extraction.contract';
import type { LoadForm, TripDetail } from '@backhaul/shared/modules/trips/trips.contract';
import { type DialogForm, emptyStop } from './trip-load-card';

let keySeq = 0;
export const newLoad = (): DialogForm['loads'][number] => ({
  key: `n${++keySeq}`,
  load_id: null,
  broker_id: null,
  broker_number: '',
  bol: '',
  gross: 0,
  lumper: 0,
  fuel_surcharge: 0,
  factoring: false,
  mileage_loaded: 0,
  mileage_empty: 0,
  ai_status: null,
  stops: [emptyStop(1), emptyStop(2)],
});

export function toDialogForm(trip: TripDetail): DialogForm {
  return {
    truck_id: trip.truck_id,
    trailer_id: trip.trailer_id,
    driver_id: trip.driver_id,
    team_driver_id: trip.team_driver_id,
    team_share: trip.team_share,
    customer_id: trip.customer_id,
    dispatcher_id: trip.dispatcher_id,
    notes: trip.notes,
    loads: trip.loads.map((l) => ({
      key: `l${l.load_id}`,
      load_id: l.load_id,
      broker_id: l.broker_id,
      broker_number: l.broker_number,
      bol: l.bol,
      gross: l.gross,
      lumper: l.lumper,
      fuel_surcharge: l.fuel_surcharge,
      factoring: l.factoring,
      mileage_loaded: l.mileage_loaded,
      mileage_empty: l.mileage_empty,
      ai_status: (l.ai_status as LoadForm['ai_status']) ?? null,
      stops: [...l.locations_pickup, ...l.locations_delivery].map((s) => ({
        type: s.type as 1 | 2,
        city_id: s.city_id,
        city: s.city,
        state: s.state,
        zip: s.zip,
        address: s.address,
        at: s.at ?? '',
      })),
    })),
  };
}

/** The form as the contract reads it: dialog-only keys dropped, an extracted load confirmed by saving. */
export const toBody = (v: DialogForm) => ({
  ...v,
  loads: v.loads.map(({ key: _, ...l }) => ({ ...l, ai_status: l.ai_status ? 'confirmed' : null })),
});

/**
 * A rate confirmation read by POST /trips/extract as a load of the form, for the user to review: the
 * registry's broker the server matched (by MC, else by name), the document's own loaded miles and
 * pass-through charges, the BOL among its references.
 */
export function extractedLoad(answer: ExtractedLoad): DialogForm['loads'][number] {
  const bol = answer.reference_numbers.find((r) => /bol|bill of lading/i.test(r.label));
  return {
    ...newLoad(),
    broker_id: answer.broker_match?.broker_id ?? null,
    broker_number: answer.broker_number ?? '',
    bol: bol?.value ?? '',
    gross: answer.gross ?? 0,
    lumper: answer.lumper,
    fuel_surcharge: answer.fuel_surcharge,
    mileage_loaded: answer.miles ?? 0,
    ai_status: 'extracted',
    stops: answer.stops.length
      ? answer.stops.map((s) => ({
          type: s.type,
          city: s.city ?? '',
          state: (s.state ?? '').toUpperCase(),
          zip: s.zip ?? '',
          address: s.address ?? '',
          at: s.at,
        }))
      : [emptyStop(1), emptyStop(2)],
  };
}

/** The loads (numbered from 1) whose gross is $0: saved only once the user confirms. */
export const zeroGrossLoads = (loads: ReadonlyArray<{ gross: unknown }>): number[] =>
  loads.flatMap((l, i) => (Number(l.gross || 0) === 0 ? [i + 1] : []));
