/** Windows and business days the service promises (spec 01 §9, spec 02 §9); days count on the São Paulo calendar. */

/** Business days from payment to the filing of the process. */
export const PROCESSING_BUSINESS_DAYS = 7;
/** Calendar days after signing in which the customer may withdraw (direito de arrependimento). */
export const CANCELLATION_WINDOW_DAYS = 7;
/**
 * The refund promise of a withdrawal (contract clause 7, /termos, the screens and the e-mail say the same): asked of
 * Asaas the moment the contract is cancelled, back in the PIX's source account within this many business days. A PIX
 * refund usually lands the same day; the margin covers Asaas's balance checks and the banks (docs/decisions.md).
 */
export const REFUND_BUSINESS_DAYS = 7;

/** Days a PIX charge stays payable (its due date, São Paulo calendar); a later 'Gerar PIX' reuses the same charge. */
export const PIX_DUE_DAYS = 3;
