import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { cnjDigits, courtOf } from '../../domain/cnj-number.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { CONTRACT_PRICE } from '../../domain/pricing.js';
import { nextProtocol } from '../../lambdas/shared/data/contracts.js';
import type { Profile } from '../../domain/schemas/entities.js';
import { createProfile } from '../../lambdas/shared/data/customers.js';
import { readSignable, writeSignature, type SignatureRecord } from '../../lambdas/shared/data/signatures.js';
import { isSignable, signingPlan, signingRefusal } from '../../domain/signing.js';
import { referralSignupWrites, referrerCopyOf } from '../../lambdas/shared/data/referrals.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { createCnjNumber, createProfileInput } from '../factories.js';
import { createCharge, writeCourtCaseFields } from '../seeds.js';

/** The initial contract a first profile save writes with the profile (a fresh protocol each time). */
export function initialContractFor(protocolo = nextProtocol(new Date())) {
  return { protocolo, valor: CONTRACT_PRICE, formaPagamento: 'pix' };
}

/** A customer with a profile and the initial contract (and its process), written through the real access patterns. */
export async function seedCustomer(
  db: Db,
  overrides: Parameters<typeof createProfileInput>[0] = {},
  options: { protocolo?: string } = {},
) {
  const userId = ulid();
  const { profile, contract, process } = await createProfile(db, {
    userId,
    input: createProfileInput(overrides),
    referredByProfileId: null,
    now: new Date().toISOString(),
    initialContract: initialContractFor(options.protocolo),
  });
  return { userId, profile, contract, process };
}

/** A PENDING charge of a contract, with its provider pointer (an Asaas id of its own), as a created charge is written. */
/** A PENDING charge; `asaasId` names a payment made at an Asaas simulator (a webhook about it is read back there). */
export async function seedPendingCharge(
  db: Db,
  ref: { userId: string; contractId: string; asaasId?: string },
  /** RECEIVED: a charge whose PIX was paid (what ConfirmPayment finds). */
  status: 'PENDING' | 'RECEIVED' = 'PENDING',
) {
  return createCharge(db, {
    userId: ref.userId,
    contractId: ref.contractId,
    asaasId: ref.asaasId ?? `pay_${ulid().toLowerCase()}`,
    status,
  });
}

/**
 * A customer who signed up through `referrer`'s link: the profile names the referrer and the referral is `signed_up`,
 * written by the sign-up's own pattern 34 (the referral item, its search token and the counter).
 */
export async function seedReferredCustomer(db: Db, referrer: { userId: string; profile: Profile }) {
  const userId = ulid();
  const now = new Date().toISOString();
  const created = await createProfile(db, {
    userId,
    input: createProfileInput(),
    referredByProfileId: referrer.profile.id,
    now,
    initialContract: initialContractFor(),
    referralWrites: (profile) =>
      referralSignupWrites(
        db,
        {
          kind: 'new',
          referrer: referrerCopyOf(referrer.profile),
          inviteCode: `${referrer.profile.referral_code}-AB12`,
        },
        profile,
        now,
      ),
  });
  return { userId, ...created };
}

/**
 * The customer signs their contract as the service does — one read, the domain's refusal and plan, the real write —
 * without the PDF or the e-mail. The evidence is a test's unless given; `signedAt` is now by default.
 */
export async function seedSignature(
  db: Db,
  customer: { userId: string; contract: { id: string } },
  evidence: Partial<Omit<SignatureRecord, 'signedAt'>> & { signedAt?: Date } = {},
) {
  const { userId } = customer;
  const contractId = customer.contract.id;
  const state = await readSignable(db, userId, contractId);
  if (!isSignable(state)) throw new Error(`Contract ${contractId} cannot be signed: ${signingRefusal(state)?.message}`);
  const signedAt = (evidence.signedAt ?? new Date()).toISOString();
  const plan = signingPlan(state, signedAt);
  const written = await writeSignature(db, {
    userId,
    contractId,
    processId: state.process.id,
    plan,
    signature: {
      ip: '200.10.20.30',
      geo: { cidade: 'São Paulo', estado: 'SP', pais: 'Brasil', latitude: null, longitude: null },
      userAgent: 'vitest',
      textSha256: 'x'.repeat(64),
      consent: 'Li e concordo com os termos do contrato',
      pdfKey: 'contracts/x.pdf',
      ...evidence,
      signedAt,
    },
  });
  if (!written) throw new Error(`Contract ${contractId}: the signature's conditions failed`);
  return { plan, processStatus: plan.to };
}

/**
 * A customer whose process was filed: moved to 'peticionado' through the status pattern, with the court case fields
 * the admin's filing stores (numero_cnj, tribunal, vara, peticionado_em) written on the process as that route does.
 */
export async function seedFiledCase(
  db: Db,
  options: { numeroCnj?: string; vara?: string | null; peticionadoEm?: string; email?: string } = {},
) {
  const customer = await seedCustomer(db, options.email ? { email: options.email } : {});
  const ref = { userId: customer.userId, contractId: customer.contract.id };
  const numeroCnj = options.numeroCnj ?? createCnjNumber();
  const court = courtOf(cnjDigits(numeroCnj)!)!;
  const now = new Date().toISOString();
  await changeProcessStatus(db, { ref, to: 'peticionado', byUser: 'admin-test', now });
  const fields = {
    numero_cnj: numeroCnj,
    tribunal: court.acronym,
    vara: options.vara ?? null,
    peticionado_em: options.peticionadoEm ?? saoPauloDay(new Date(now)),
  };
  await writeCourtCaseFields(db, ref, fields);

  return {
    ...customer,
    ref,
    numeroCnj,
    digits: cnjDigits(numeroCnj)!,
    court,
    process: { ...customer.process, ...fields },
  };
}

/**
 * The filing kit approved as the review's last approval leaves the process: `kit_aprovado_em` set, so an
 * admin may move it to 'peticionado'. For tests about what follows the filing, not about the kit.
 */
export async function seedKitApproved(db: Db, ref: { userId: string; contractId: string }, at = new Date()) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.processSk(ref.contractId) },
      UpdateExpression: 'SET kit_aprovado_em = :at',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
}
