export { globalSearch } from './search.service';
