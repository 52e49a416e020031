/** What other modules may use of the user module (issue 18: a module is reached only through its index.ts). */
export { lockAccount, userRepository, type UserRow } from './repository.ts';
export {
  accountDay,
  changeTimeZone,
  dayEndsAt,
  dayZoneFor,
  knownTimeZone,
  timeZoneOf,
  zoneForRequest,
} from './time-zone.ts';
