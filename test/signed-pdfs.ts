import { generateKeyPairSync } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';

/**
 * gov.br-style signed PDFs for tests: a throw-away certificate authority (generated per run, nothing secret checked in),
 * a holder certificate with the name and CPF where ICP-Brasil or gov.br put them, and a PDF signed with it by a
 * well-kept signing library (@signpdf, adbe.pkcs7.detached or ETSI.CAdES.detached).
 */
export type TestAuthority = { certificate: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };

export type TestHolder = {
  name: string;
  cpf: string;
  /** 'cn': ICP-Brasil's 'NAME:CPF' common name; 'other-name': the name alone, the CPF in otherName 2.16.76.1.3.1. */
  style?: 'cn' | 'other-name';
};

let serial = 1;

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey } {
  // Node's key generation, not forge's pure-JS one: seconds saved per key on a busy machine.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

function baseCertificate(publicKey: forge.pki.rsa.PublicKey): forge.pki.Certificate {
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = (serial++).toString(16).padStart(2, '0');
  certificate.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  certificate.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  return certificate;
}

export function createTestAuthority(commonName = 'AC Teste do Governo Federal do Brasil v1'): TestAuthority {
  const { privateKey, publicKey } = rsaKeys();
  const certificate = baseCertificate(publicKey);
  const subject = [
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'Gov-Br' },
    { name: 'commonName', value: commonName },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  return { certificate, key: privateKey };
}

/** DER bytes of a certificate, as the verifier's trust anchors take them. */
export function certificateDer(certificate: forge.pki.Certificate): Uint8Array {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
}

/** A PKCS#12 holding the holder's key, its certificate and the authority's, as a person's A1 certificate file. */
export function createHolderP12(authority: TestAuthority, holder: TestHolder): Buffer {
  const { privateKey, publicKey } = rsaKeys();
  const certificate = baseCertificate(publicKey);
  const cpf = holder.cpf.replace(/\D/g, '');
  const commonName = holder.style === 'other-name' ? holder.name : `${holder.name}:${cpf}`;
  // A UTF8String (forge encodes it), so accented names survive as in real certificates; @types/node-forge types the
  // tag as a class.
  certificate.setSubject([
    { name: 'countryName', value: 'BR' },
    { name: 'organizationName', value: 'ICP-Brasil' },
    { name: 'commonName', value: commonName, valueTagClass: forge.asn1.Type.UTF8 as number as forge.asn1.Class },
  ]);
  certificate.setIssuer(authority.certificate.subject.attributes);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ];
  if (holder.style === 'other-name') {
    // otherName 2.16.76.1.3.1: birth date (DDMMAAAA) + CPF + NIS + RG + issuer, as ICP-Brasil's DOC-ICP-04 lays it out.
    const personData = `01011990${cpf}${'0'.repeat(11)}${'0'.repeat(15)}SSPMG`;
    const { asn1 } = forge;
    const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('2.16.76.1.3.1').getBytes()),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, personData),
      ]),
    ]);
    extensions.push({
      id: '2.5.29.17',
      name: 'subjectAltName',
      value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]),
    });
  }
  certificate.setExtensions(extensions);
  certificate.sign(authority.key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate, authority.certificate], '', {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** A one-page PDF with a line of text: what the customer downloads before signing. */
export async function createUnsignedPdf(text = 'Procuração ad judicia'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  page.drawText(text.normalize('NFD').replace(/\p{M}/gu, ''), { x: 56, y: 780, size: 14 });
  return pdf.save({ useObjectStreams: false });
}

/** Signs `unsigned` as the gov.br signer would: a signature field, its placeholder, then the CMS in the hole. */
export async function signPdf(
  unsigned: Uint8Array,
  p12: Buffer,
  options: { subFilter?: 'adbe.pkcs7.detached' | 'ETSI.CAdES.detached'; signingTime?: Date } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(unsigned);
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: 'Assinatura gov.br',
    contactInfo: '',
    name: 'Assinador de teste',
    location: 'Brasil',
    signingTime: options.signingTime,
    subFilter: options.subFilter ?? 'adbe.pkcs7.detached',
  });
  // Signers patch /ByteRange in place: the dictionary must not sit in a compressed object stream.
  const withPlaceholder = await pdf.save({ useObjectStreams: false });
  const signed = await new SignPdf().sign(Buffer.from(withPlaceholder), new P12Signer(p12), options.signingTime);
  return new Uint8Array(signed);
}
