/** What a scenario row's closed-set cells must be, for the CSV and the Arrow readers alike. */
export const ENUM_MESSAGES = {
  action: 'action must be new, cancel, reduce or amend',
  side: 'side must be buy or sell',
  type: 'type must be market or limit',
  timeInForce: 'time_in_force must be gtc, ioc, fok or gtd',
  stp: 'stp must be none, cancel_taker, cancel_maker or cancel_both',
} as const;
