/**
 * Key builders: the only place that knows how items are addressed (see docs/data-model.md).
 */
export const keys = {
  customer: (userId: string) => `CUSTOMER#${userId}`,
  profileSk: 'PROFILE',
  accountSk: 'ACCOUNT',
  contractSk: (contractId: string) => `CONTRACT#${contractId}`,
  /** Every contract's items (contract, charges, process, history) of a customer sort from here. */
  contractsPrefix: 'CONTRACT#',
  chargeSk: (contractId: string, chargeId: string) => `CONTRACT#${contractId}#CHARGE#${chargeId}`,
  chargePrefix: (contractId: string) => `CONTRACT#${contractId}#CHARGE#`,
  processSk: (contractId: string) => `CONTRACT#${contractId}#PROCESS`,
  historySk: (contractId: string, at: string, id: string) => `CONTRACT#${contractId}#PROCESS#HISTORY#${at}#${id}`,
  /**
   * Pattern 77: one court movement of a contract's case, stored once: `movementId` is derived from the movement itself
   * (its time, code and words), so every sync run that reads it again finds it there. In the dashboard's range.
   */
  courtMovementSk: (contractId: string, movementId: string) => `CONTRACT#${contractId}#PROCESS#MOVEMENT#${movementId}`,
  /** Pattern 78: what DataJud last said about a contract's case (the court sync's record). In the dashboard's range. */
  courtCaseSk: (contractId: string) => `CONTRACT#${contractId}#PROCESS#COURT`,
  /**
   * Pattern 91: the nota fiscal of one paid charge. In the dashboard's range (pattern 1 reads it); not under the
   * contract's `CHARGE#` prefix, which pattern 8 reads newest first with Limit 1.
   */
  invoiceSk: (contractId: string, chargeId: string) => `CONTRACT#${contractId}#INVOICE#${chargeId}`,
  /** Pattern 93: the sparse gsi2 partition of the notas an admin must act on (an error, a cancellation denied). */
  invoiceAttentionList: 'INVOICE_ATTENTION',
  /** A filing-kit item of a contract's process (pattern 69): inside the contract's range, so pattern 1 reads it too. */
  kitItemSk: (contractId: string, item: string) => `CONTRACT#${contractId}#KIT#${item}`,
  kitPrefix: (contractId: string) => `CONTRACT#${contractId}#KIT#`,
  /** One upload confirmed into the kit (pattern 70): a retried or repeated confirmation finds it. Before `CONTRACT#`. */
  kitUploadSk: (uploadId: string) => `KIT_UPLOAD#${uploadId}`,
  /** The sparse index partition of kit items awaiting a lawyer's decision (pattern 73), oldest first. */
  kitReviewQueue: 'KIT_REVIEW',
  referralSk: (email: string) => `REFERRAL#${email}`,
  /** Sorts before `CONTRACT#`, outside the dashboard's `CONTRACT#`…`PROFILE` range (pattern 1 never reads it). */
  connectionSk: (connectionId: string) => `CONNECTION#${connectionId}`,
  connectionPrefix: 'CONNECTION#',
  /**
   * A Nada Consta issued for one grant of a contract's removal (`baixa_deferida_em`), so a repeated request finds it.
   * Sorts before `CONTRACT#`, outside the dashboard's range (pattern 1 never reads it).
   */
  certificateSk: (contractId: string, grantedAt: string) => `CERTIFICATE#${contractId}#${grantedAt}`,

  documentGuard: (digits: string) => `DOCUMENT#${digits}`,
  referralCodeGuard: (code: string) => `REFCODE#${code}`,
  profileIdPointer: (profileId: string) => `PROFILEID#${profileId}`,
  protocolPointer: (protocolo: string) => `PROTOCOL#${protocolo}`,
  providerChargePointer: (asaasId: string) => `ASAAS#${asaasId}`,
  invitePointer: (inviteCode: string) => `INVITE#${inviteCode}`,
  webhookEvent: (provider: string, eventId: string) => `WEBHOOK#${provider}#${eventId}`,
  /** `subject` is the user's `sub`, or `UNKNOWN#<sha256 of the e-mail>` for an address without an account. */
  magicLink: (subject: string) => `MAGICLINK#${subject}`,
  /** The last password-recovery e-mail of a user (`sub`), for its minimum interval. */
  recoveryRequest: (userId: string) => `RECOVERY#${userId}`,
  /** Which customer an open WebSocket connection belongs to ($disconnect only knows the connection id). */
  connectionPointer: (connectionId: string) => `CONNECTION#${connectionId}`,
  /** A status-update e-mail already sent for one history record (one e-mail per change, whatever the retries). */
  statusNotice: (userId: string, historyId: string) => `NOTICE#${userId}#${historyId}`,
  /**
   * The admin actions about one client (the audit trail): its own partition, apart from `CUSTOMER#`, so deleting
   * the client's data leaves it. Sort key `<at>#<ulid>`.
   */
  audit: (targetUserId: string) => `AUDIT#${targetUserId}`,
  /** The admins were told that a paid process missed its filing forecast (once per process). */
  filingAlert: (processId: string) => `FILING_ALERT#${processId}`,
  /**
   * Payments Asaas reports for a charge we do not have (a deleted client's PIX, a charge made by hand in Asaas's panel):
   * one partition, sort key the Asaas payment id, so a redelivery updates the same item and the list is one Query.
   */
  orphanPaymentPk: 'ORPHAN_PAYMENT',
  /** The admins were told of one orphan payment (once per Asaas payment). */
  orphanPaymentAlert: (asaasId: string) => `ORPHAN_ALERT#${asaasId}`,
  /**
   * The nightly reconciliation with Asaas: its lock (one run at a time) and its cursor (where the next run starts),
   * sort keys `LOCK` and `CURSOR`; each run's record under `RECONCILIATION_RUN`, sort key the run id (its scheduled
   * time, ISO-8601, so runs sort by time); the report e-mail of a run, sent once.
   */
  reconciliationPk: 'RECONCILIATION',
  reconciliationRunPk: 'RECONCILIATION_RUN',
  reconciliationReport: (runId: string) => `RECONCILIATION_REPORT#${runId}`,
  /** What a reconciliation could not repair: one partition, sort key `<asaasId>#<kind>`, so a rerun updates the item. */
  divergencePk: 'DIVERGENCE',
  divergenceSk: (asaasId: string, kind: string) => `${asaasId}#${kind}`,
  /**
   * Pattern 49: one thing the admins must act on (a payment reversed after the filing, a reward already used, a
   * withdrawal): its own partition, keyed by a deterministic id, so whatever retries write it, it exists — and is
   * e-mailed by the stream consumer — once.
   */
  adminAlert: (alertId: string) => `ADMIN_ALERT#${alertId}`,
  /**
   * An admin alert's reference in the partition of the customer it is about (pattern 49), so their export and their
   * deletion find it. Sorts before `CONTRACT#`, outside the dashboard's range (pattern 1 never reads it).
   */
  adminAlertRefSk: (alertId: string) => `ADMIN_ALERT#${alertId}`,
  /**
   * Pattern 66: an e-mail of one event was sent (or is being sent), beside the record of the event (`email-once.ts`).
   * Sorts before `CONTRACT#`, outside the dashboard's range.
   */
  emailOnceSk: (event: string) => `EMAIL_ONCE#${event}`,
  /**
   * Pattern 84: one e-mail sent to the customer (its subject, address and time), for the case file. Sorts after
   * `REFERRAL$`, outside patterns 1 and 19; deleted with the rest of the partition (pattern 28, step 5).
   */
  sentEmailSk: (at: string, id: string) => `SENT_EMAIL#${at}#${id}`,
  /**
   * Pattern 98: the reminder of one São Paulo day for a customer (`yyyy-mm-dd`): the key makes it one a day, and the
   * item is the record the case file shows. Sorts after `REFERRAL$`, outside patterns 1 and 19.
   */
  reminderDaySk: (day: string) => `REMINDER#${day}`,
  /** The admins were e-mailed one admin alert. */
  adminAlertSent: (alertId: string) => `ADMIN_ALERT_SENT#${alertId}`,
  /** One attempt at a time settles a cancelled contract's charge at Asaas (a refund or a removal), whatever the clicks. */
  chargeSettlement: (chargeId: string) => `SETTLEMENT#${chargeId}`,
  /** The purchase conversion of a paid charge was handed to the ad platforms (once per charge). */
  purchaseConversion: (chargeId: string) => `CONVERSION#PURCHASE#${chargeId}`,
  /** Which customer's certificate a verification code names (the public verification only knows the code). */
  certificatePointer: (code: string) => `CERTIFICATE#${code}`,
  /**
   * A deleted customer's Cognito `sub` (pattern 62): the profile's first save refuses it, so a tab still holding that
   * user's id token cannot recreate a profile (and its CPF guard) after the deletion. No personal data.
   */
  deletedUser: (userId: string) => `DELETED_USER#${userId}`,
  /** A fixed-window counter of a public route (pattern 43); `subjectHash` is a SHA-256, never an address or document. */
  rateLimit: (scope: string, subjectHash: string, windowStart: number) => `RATE#${scope}#${subjectHash}#${windowStart}`,
  /** Every counter of one rule: the IAM prefix of the functions that count it. */
  rateLimitScope: (scope: string) => `RATE#${scope}#`,

  /**
   * An LGPD erasure request (pattern 61), pk = sk, by its protocol: outside the customer's partition, so the record
   * that a request was made and carried out outlives the client's deletion (without their name and e-mail by then).
   */
  erasureRequest: (protocolo: string) => `ERASURE_REQUEST#${protocolo}`,
  /** The one open erasure request of a customer (pattern 61): its `attribute_not_exists` makes a second one impossible. */
  openErasureRequest: (userId: string) => `ERASURE_OPEN#${userId}`,
  /**
   * Pattern 64: an address SES reported as bounced for good or as complaining. `addressHash` is the SHA-256 of the
   * lower-cased address (emailAddressHash): the record tells the customer on screen without keeping the address.
   */
  emailSuppression: (addressHash: string) => `EMAIL_SUPPRESSION#${addressHash}`,
  /** Pattern 65: an address that asked for no more invitations (List-Unsubscribe), by the same hash. */
  inviteOptOut: (addressHash: string) => `INVITE_OPT_OUT#${addressHash}`,

  counterPk: 'COUNTER',
  /**
   * The money of one São Paulo day (received, refunded), one item per day under one partition, sort key `yyyy-mm-dd`:
   * a period's totals are one Query of at most 366 small items (docs/data-model.md, pattern 57). Not under
   * `COUNTER`, whose four items pattern 25 reads whole.
   */
  financeDayPk: 'FINANCE_DAY',

  searchPartition: (scope: 'CLIENT' | 'REFERRAL', token: string) => `SEARCH#${scope}#${token.slice(0, 2)}`,
  searchSk: (token: string, userId: string) => `${token}#${userId}`,

  typeList: (type: EntityType) => `TYPE#${type}`,
  statusList: (type: 'PROCESS' | 'CHARGE' | 'REFERRAL', status: string) => `${type}_STATUS#${status}`,
  /** Pattern 79: court movements whose suggested status awaits an admin (gsi2, sparse: removed once reviewed). */
  courtReviewList: 'COURT_REVIEW#PENDING',
  listSort: (at: string, id: string) => `${at}#${id}`,

  /**
   * Pattern 94: the customer's WhatsApp consent (the grant's evidence, a withdrawal). Everything WhatsApp of a customer
   * sorts under `WHATSAPP_`, after `PROFILE`: outside pattern 1's range, one Query for the case file.
   */
  whatsappConsentSk: 'WHATSAPP_CONSENT',
  whatsappPrefix: 'WHATSAPP_',
  /** Pattern 95: one WhatsApp message of one event, sent once (the outbox marker holds the message and its status). */
  whatsappMessageSk: (event: string) => `WHATSAPP_MSG#${event}`,
  /** Which customer's message a Cloud API message id (`wamid…`) is, for its status webhooks (pattern 96). */
  whatsappMessagePointer: (messageId: string) => `WHATSAPP_MESSAGE#${messageId}`,
  /** Which customer consented with a mobile, by the SHA-256 of its key (domain `whatsappPhoneKey`): replies (pattern 97). */
  whatsappPhonePointer: (phoneHash: string) => `WHATSAPP_PHONE#${phoneHash}`,
  /** Pattern 97: one reply of the customer, stored once per Cloud API message id. */
  whatsappReplySk: (at: string, messageId: string) => `WHATSAPP_REPLY#${at}#${messageId}`,
  /** Pattern 97: replies no admin has marked answered yet (gsi2, sparse), for 'Hoje'. */
  whatsappOpenReplies: 'WHATSAPP_REPLY#OPEN',
  /**
   * Pattern 108: outbox entries not done, by when their next attempt is due (gsi2, sparse): a failure's retry, or a
   * sender's lease, so a sender that died is picked up too. Done (accepted, refused, cancelled) leaves it.
   */
  whatsappRetryQueue: 'WHATSAPP_RETRY',
} as const;

const CUSTOMER_PK = /^CUSTOMER#(.+)$/;
const CHARGE_SK = /^CONTRACT#([^#]+)#CHARGE#([^#]+)$/;
const HISTORY_SK = /^CONTRACT#([^#]+)#PROCESS#HISTORY#(.+)#([^#]+)$/;

/** The inverse of `keys` for the keys read back from the table (a stream record, a partition's items): null if not one. */
export const parseKey = {
  customer: (pk: string): { userId: string } | null => {
    const match = CUSTOMER_PK.exec(pk);
    return match ? { userId: match[1]! } : null;
  },
  chargeSk: (sk: string): { contractId: string; chargeId: string } | null => {
    const match = CHARGE_SK.exec(sk);
    return match ? { contractId: match[1]!, chargeId: match[2]! } : null;
  },
  historySk: (sk: string): { contractId: string; at: string; id: string } | null => {
    const match = HISTORY_SK.exec(sk);
    return match ? { contractId: match[1]!, at: match[2]!, id: match[3]! } : null;
  },
} as const;

export type EntityType =
  'PROFILE' | 'CONTRACT' | 'CHARGE' | 'PROCESS' | 'HISTORY' | 'REFERRAL' | 'ADMIN_ALERT' | 'ERASURE_REQUEST';

/** Counter items kept for the admin dashboards. */
export const COUNTERS = {
  clients: 'CLIENTS',
  processes: 'PROCESSES',
  charges: 'CHARGES',
  referrals: 'REFERRALS',
} as const;

/** gsi1 keys of a listed entity: its type's partition, newest last by creation time (read backwards). */
export const typeIndexKeys = (type: EntityType, createdAt: string, id: string) => ({
  gsi1pk: keys.typeList(type),
  gsi1sk: keys.listSort(createdAt, id),
});

/** gsi2 keys of an entity with a status: one partition per status, sorted by the last change. */
export const statusIndexKeys = (
  type: 'PROCESS' | 'CHARGE' | 'REFERRAL',
  status: string,
  updatedAt: string,
  id: string,
) => ({
  gsi2pk: keys.statusList(type, status),
  gsi2sk: keys.listSort(updatedAt, id),
});

/** A pointer or guard item lives at pk = sk. */
export const pointerKey = (value: string) => ({ pk: value, sk: value });
