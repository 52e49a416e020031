/** The time of the server: the real clock in production, a clock the tests move. */
export interface Clock {
  now(): Date;
}
