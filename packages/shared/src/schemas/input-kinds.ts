import { z } from 'zod';

/**
 * The shared input schemas (dates, months, date-times, money, percentages) register themselves here, so a test can
 * walk any contract and find every field of each kind: the property tests feed those fields bad values,
 * and a field whose name looks like a date, an amount or a percentage but is not one of these fails that test.
 */
export type InputKind = 'date' | 'month' | 'datetime' | 'money' | 'percent' | 'rate';
export const inputKinds = z.registry<{ kind: InputKind }>();
