/** Bits of the `kind` column. */
export const KIND_SELL = 1;
export const KIND_MARKET = 2;
export const KIND_TIF_SHIFT = 2;
export const KIND_POST_ONLY = 16;
export const KIND_CLIENT_ORDER_ID = 32;
export const KIND_STP_SHIFT = 6;

/** The `kind` of an order from its numeric codes (see numeric.ts). */
export function orderKind(
  side: number,
  type: number,
  timeInForce: number,
  flags: number,
  stp = 0,
): number {
  return (
    side |
    (type << 1) |
    (timeInForce << KIND_TIF_SHIFT) |
    (flags === 0 ? 0 : KIND_POST_ONLY) |
    (stp << KIND_STP_SHIFT)
  );
}
