import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { onlyDigits } from '../../domain/documents.js';
import { FILING_DOCUMENT_MESSAGES, filingSigner, type FilingProfile } from '../../domain/filing-documents.js';
import {
  comparableName,
  SIGNED_PDF_MAX_BYTES,
  SIGNED_PDF_MESSAGES,
  type SignedPdfRefusalReason,
  type SignedPdfVerdict,
} from '../../domain/signed-pdf.js';

export type { SignedPdfVerdict } from '../../domain/signed-pdf.js';

/**
 * Verifies the embedded signatures of a PDF signed on gov.br (or with any ICP-Brasil certificate): each /ByteRange must
 * leave out exactly its /Contents hole, the last one must reach the end of the file, every CMS signature must hold over
 * its bytes (messageDigest against the bytes, the signature against the signed attributes), and one signer's
 * certificate must carry the expected name and CPF.
 *
 * The PDF is scanned as bytes, never rendered or decompressed: signers write the signature dictionary uncompressed (they
 * patch /ByteRange and /Contents in place), so a PDF bomb costs nothing here, and the input is capped at the upload
 * limit before anything is read.
 */
export async function verifySignedPdf(
  pdf: Uint8Array,
  expected: { name: string; cpf: string },
): Promise<SignedPdfVerdict> {
  return verifySignedPdfAgainst(pdf, expected, SHIPPED_TRUST_ANCHORS);
}

/**
 * A procuração or declaração uploaded as signed on gov.br, checked against whoever must sign it for this profile: the
 * customer, or the company's partner (`filingSigner`). A company without its partner on file cannot have signed yet.
 */
export async function verifyOutorganteSignature(pdf: Uint8Array, profile: FilingProfile): Promise<SignedPdfVerdict> {
  const signer = filingSigner(profile);
  if (!signer) return refused('other_signer', FILING_DOCUMENT_MESSAGES.partnerMissing);
  return verifySignedPdf(pdf, signer);
}

/**
 * The ICP-Brasil and gov.br roots the product ships: none yet (docs/decisions.md, Signed PDFs without shipped roots),
 * so every verdict says `chainValidated: false` and the review screen sends the lawyer to the ITI validator.
 */
const SHIPPED_TRUST_ANCHORS: readonly Uint8Array[] = [];

/** The verifier with explicit trust anchors (DER certificates): how tests prove the chain check a shipped root enables. */
export async function verifySignedPdfAgainst(
  pdf: Uint8Array,
  expected: { name: string; cpf: string },
  trustAnchors: readonly Uint8Array[],
): Promise<SignedPdfVerdict> {
  if (pdf.byteLength > SIGNED_PDF_MAX_BYTES) return refused('unreadable', SIGNED_PDF_MESSAGES.tooLarge);
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  if (!isPdf(text)) return refused('unreadable');
  const found = findSignatures(text);
  if (found === 'too_many') return refused('unreadable');
  if (found.length === 0) return refused('unsigned');

  const checked: CheckedSignature[] = [];
  for (const signature of found) {
    const result = await checkSignature(pdf, signature);
    if (result === 'altered' || result === 'unreadable') return refused(result);
    checked.push(result);
  }
  // Bytes after the last signed range were added after signing (an incremental update can redraw a page); trailing
  // whitespace after %%EOF changes nothing a reader shows, and some transports add a newline.
  const signedUntil = Math.max(...found.map((signature) => signature.range[2] + signature.range[3]));
  if (text.slice(signedUntil).trim() !== '') return refused('altered');

  const wantedName = comparableName(expected.name);
  const wantedCpf = onlyDigits(expected.cpf);
  const signer = checked.find(
    (signature) => signature.cpf === wantedCpf && comparableName(signature.name) === wantedName,
  );
  if (!signer) return refused('other_signer');
  return {
    kind: 'digital',
    signerName: signer.name,
    signerCpf: signer.cpf,
    signedAt: signer.signedAt,
    issuer: signer.issuer,
    chainValidated: trustAnchors.length > 0 && (await chainsTo(signer, trustAnchors)),
  };
}

function refused(reason: SignedPdfRefusalReason, message: string = SIGNED_PDF_MESSAGES[reason]): SignedPdfVerdict {
  return { kind: 'refused', reason, message };
}

/** PDF readers accept the header anywhere in the first kilobyte; a file without %%EOF was cut short. */
function isPdf(text: string): boolean {
  return text.slice(0, 1024).includes('%PDF-') && text.lastIndexOf('%%EOF') > 0;
}

type FoundSignature = {
  /** [start, length, start, length]: the two signed spans around the /Contents hole. */
  range: [number, number, number, number];
  /** The signature dictionary's object text, for /SubFilter and /M. */
  dictionary: string;
};

/** More signatures than any real procuração carries is a crafted file: refused, not looped over. */
const MAX_SIGNATURES = 10;
/** A CMS with a certificate chain and a timestamp fits in a few tens of KB; signers reserve at most this much. */
const MAX_CONTENTS_BYTES = 256 * 1024;
const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s*\]/g;
const SUPPORTED_SUB_FILTERS = ['adbe.pkcs7.detached', 'ETSI.CAdES.detached'];

function findSignatures(text: string): FoundSignature[] | 'too_many' {
  const found: FoundSignature[] = [];
  for (const match of text.matchAll(BYTE_RANGE)) {
    if (found.length === MAX_SIGNATURES) return 'too_many';
    const range = match.slice(1, 5).map(Number) as FoundSignature['range'];
    const start = text.lastIndexOf(' obj', match.index);
    const end = text.indexOf('endobj', match.index);
    found.push({ range, dictionary: text.slice(start < 0 ? 0 : start, end < 0 ? undefined : end) });
  }
  return found;
}

type CheckedSignature = {
  name: string;
  cpf: string;
  signedAt: string | null;
  issuer: string;
  signedData: pkijs.SignedData;
  certificate: pkijs.Certificate;
};

const SIGNED_DATA = '1.2.840.113549.1.7.2';
const CONTENT_TYPE = '1.2.840.113549.1.9.3';
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const SIGNING_TIME = '1.2.840.113549.1.9.5';
const DIGEST_BY_OID: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

async function checkSignature(
  pdf: Uint8Array,
  { range, dictionary }: FoundSignature,
): Promise<CheckedSignature | 'altered' | 'unreadable'> {
  const [start, firstLength, secondStart, secondLength] = range;
  const holeLength = secondStart - (start + firstLength);
  // The hole must be exactly the hex string <...>: a range that skips anything else leaves bytes unsigned.
  if (start !== 0 || firstLength <= 0 || holeLength <= 2 || secondStart + secondLength > pdf.byteLength) {
    return 'altered';
  }
  if (pdf[firstLength] !== 0x3c || pdf[secondStart - 1] !== 0x3e || holeLength > MAX_CONTENTS_BYTES * 2 + 2) {
    return 'altered';
  }
  const hex = Buffer.from(pdf.subarray(firstLength + 1, secondStart - 1)).toString('latin1');
  if (!/^[0-9a-fA-F\s]*$/.test(hex)) return 'altered';
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dictionary)?.[1];
  if (subFilter && !SUPPORTED_SUB_FILTERS.includes(subFilter)) return 'unreadable';

  const cms = parseSignedData(Buffer.from(hex.replace(/\s/g, ''), 'hex'));
  if (!cms) return 'unreadable';
  const signerInfo = cms.signerInfos[0];
  if (!signerInfo?.signedAttrs) return 'unreadable';
  const digestName = DIGEST_BY_OID[signerInfo.digestAlgorithm.algorithmId];
  const claimedDigest = attribute(signerInfo, MESSAGE_DIGEST);
  if (!digestName || !(claimedDigest instanceof asn1js.OctetString) || !attribute(signerInfo, CONTENT_TYPE)) {
    return 'unreadable';
  }
  const signedBytes = Buffer.concat([
    pdf.subarray(0, firstLength),
    pdf.subarray(secondStart, secondStart + secondLength),
  ]);
  const digest = createHash(digestName).update(signedBytes).digest();
  if (!digest.equals(Buffer.from(claimedDigest.valueBlock.valueHexView))) return 'altered';

  // pkijs checks the digest again and the signature over the signed attributes with the signer certificate's key.
  const verification = await cms
    .verify({ signer: 0, data: new Uint8Array(signedBytes).buffer, extendedMode: true })
    .catch((error: unknown) => (error instanceof pkijs.SignedDataVerifyError ? error : null));
  if (!verification?.signerCertificate) return 'unreadable';
  if (verification.signatureVerified === false) return 'altered';
  if (verification.signatureVerified !== true) return 'unreadable';
  const certificate = verification.signerCertificate;
  const identity = holderOf(certificate);
  if (!identity) return 'unreadable';
  return {
    ...identity,
    signedAt: signingTime(signerInfo) ?? dictionaryTime(dictionary),
    issuer: commonName(certificate.issuer) ?? certificate.issuer.typesAndValues.map(stringValue).join(', '),
    signedData: cms,
    certificate,
  };
}

function parseSignedData(der: Uint8Array): pkijs.SignedData | null {
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(der);
    if (contentInfo.contentType !== SIGNED_DATA) return null;
    return new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    return null;
  }
}

function attribute(signerInfo: pkijs.SignerInfo, type: string): unknown {
  return signerInfo.signedAttrs?.attributes.find((candidate) => candidate.type === type)?.values[0];
}

function signingTime(signerInfo: pkijs.SignerInfo): string | null {
  const value = attribute(signerInfo, SIGNING_TIME);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate().toISOString();
  return null;
}

/** PAdES signers leave signing-time out of the CMS and write /M (D:YYYYMMDDHHmmSS+HH'mm') in the dictionary. */
function dictionaryTime(dictionary: string): string | null {
  const match = /\/M\s*\(D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'?\d{2}'?)?/.exec(dictionary);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, zone] = match;
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const COMMON_NAME = '2.5.4.3';
const SERIAL_NUMBER = '2.5.4.5';
const SUBJECT_ALT_NAME = '2.5.29.17';
/** ICP-Brasil's otherName for a natural person: birth date (8) + CPF (11) + NIS (11) + RG and issuer (DOC-ICP-04). */
const ICP_BRASIL_PERSON_DATA = '2.16.76.1.3.1';

/**
 * The holder's name and CPF. ICP-Brasil certificates write 'NAME:CPF' in the CN; gov.br's carry the name alone in the
 * CN and the CPF in the subject's serialNumber or in the otherName 2.16.76.1.3.1.
 */
function holderOf(certificate: pkijs.Certificate): { name: string; cpf: string } | null {
  const cn = commonName(certificate.subject);
  if (!cn) return null;
  const [, name = cn, suffix] = /^(.*?):(\d{11})$/.exec(cn.trim()) ?? [];
  const serial = certificate.subject.typesAndValues.find((entry) => entry.type === SERIAL_NUMBER);
  const serialCpf = serial ? /^(?:CPF[:\s]*)?(\d{11})$/i.exec(stringValue(serial).trim())?.[1] : undefined;
  const cpf = suffix ?? otherNameCpf(certificate) ?? serialCpf;
  return cpf ? { name: name.trim(), cpf } : null;
}

function otherNameCpf(certificate: pkijs.Certificate): string | undefined {
  const extension = certificate.extensions?.find((candidate) => candidate.extnID === SUBJECT_ALT_NAME);
  if (!(extension?.parsedValue instanceof pkijs.AltName)) return undefined;
  for (const generalName of extension.parsedValue.altNames) {
    // otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT ANY }, kept by pkijs as the raw sequence.
    if (generalName.type !== 0 || !(generalName.value instanceof asn1js.Constructed)) continue;
    const [typeId, explicit] = generalName.value.valueBlock.value;
    if (!(typeId instanceof asn1js.ObjectIdentifier) || typeId.valueBlock.toString() !== ICP_BRASIL_PERSON_DATA) {
      continue;
    }
    const inner = explicit instanceof asn1js.Constructed ? explicit.valueBlock.value[0] : undefined;
    const data =
      inner instanceof asn1js.OctetString
        ? Buffer.from(inner.valueBlock.valueHexView).toString('latin1')
        : inner instanceof asn1js.BaseStringBlock
          ? inner.getValue()
          : '';
    const cpf = data.slice(8, 19);
    if (/^\d{11}$/.test(cpf)) return cpf;
  }
  return undefined;
}

function commonName(name: pkijs.RelativeDistinguishedNames): string | undefined {
  const entry = name.typesAndValues.find((candidate) => candidate.type === COMMON_NAME);
  return entry ? stringValue(entry) : undefined;
}

function stringValue(entry: pkijs.AttributeTypeAndValue): string {
  return entry.value instanceof asn1js.BaseStringBlock ? entry.value.getValue() : '';
}

async function chainsTo(signature: CheckedSignature, trustAnchors: readonly Uint8Array[]): Promise<boolean> {
  try {
    const engine = new pkijs.CertificateChainValidationEngine({
      trustedCerts: trustAnchors.map((der) => pkijs.Certificate.fromBER(der)),
      // The engine takes the last certificate as the one to validate.
      certs: [
        ...(signature.signedData.certificates ?? []).filter(
          (certificate): certificate is pkijs.Certificate =>
            certificate instanceof pkijs.Certificate && certificate !== signature.certificate,
        ),
        signature.certificate,
      ],
      checkDate: signature.signedAt ? new Date(signature.signedAt) : new Date(),
    });
    const result = await engine.verify();
    return result.result;
  } catch {
    return false;
  }
}
