// The eld module's public surface on the web: a truck's odometer for its card (trucks).
export { TruckOdometer } from './truck-odometer';
